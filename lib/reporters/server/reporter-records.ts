import "server-only";
import type { Db } from "@/lib/db/open";
import type { ReporterRecord } from "@/lib/reporters/model/reporter-record";
import { readMutedUids } from "./reporter-mutes";
import { readReporterReliability } from "./reporter-reliability";

/** What the queue shows beside each of these flaggers' names: their record and whether they are muted. */
export async function readReporterRecords(db: Db, uids: readonly string[]): Promise<Record<string, ReporterRecord>> {
  const [reliability, muted] = await Promise.all([readReporterReliability(db, uids), readMutedUids(db, uids)]);
  return Object.fromEntries([...reliability].map(([uid, r]) => [uid, { ...r, muted: muted.has(uid) }]));
}
