import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flag } from "@/lib/db/schema";
import type { FlaggerRecord } from "@/lib/policies/model/priority";
import { RELIABILITY_WINDOW } from "@/lib/reporters/model/reporter-record";


/**
 * How each flagger's latest decided flags went (RELIABILITY_WINDOW of them, newest decision
 * first): a flag on a resolved item was upheld, on a dismissed one dismissed. One statement for
 * every flagger of a queue page, each flagger a range of flag_reporter_record_idx: the items'
 * decisions are copied onto their flags by triggers (migration 0016), so no flag is joined to its
 * item. A flagger without a decided flag is in the map with zeros.
 */
export async function readReporterReliability(db: Db, uids: readonly string[]): Promise<Map<string, FlaggerRecord>> {
  const out = new Map<string, FlaggerRecord>(uids.map((uid) => [uid, { upheld: 0, dismissed: 0 }]));
  if (uids.length === 0) return out;
  const list = sql.join([...new Set(uids)].map((uid) => sql`${uid}`), sql`, `);
  const decided = sql`unnest(array[${list}]::text[]) as u(uid) cross join lateral (
    select ${flag.itemUpheld} as upheld from ${flag}
    where ${flag.flaggerUid} = u.uid and ${flag.itemDecidedAt} is not null
    order by ${flag.itemDecidedAt} desc nulls last, ${flag.messageId} desc nulls last
    limit ${RELIABILITY_WINDOW}
  ) d`;
  const rows = await db
    .select({
      uid: sql<string>`u.uid`,
      upheld: sql<number>`count(*) filter (where d.upheld)`.mapWith(Number),
      dismissed: sql<number>`count(*) filter (where not d.upheld)`.mapWith(Number),
    })
    .from(decided)
    .groupBy(sql`u.uid`);
  for (const row of rows) out.set(row.uid, { upheld: row.upheld, dismissed: row.dismissed });
  return out;
}
