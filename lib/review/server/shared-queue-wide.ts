import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/lib/db/open";
import { queueWide } from "@/lib/db/schema";
import { queueSummarySchema } from "@/lib/review/model/review-schemas";
import { lastingMs, type Lasting } from "./queue-read-cache";
import { readQueueWide } from "./queue-summary";

const queueWideSchema = queueSummarySchema.pick({ overview: true, facets: true });
type QueueWide = z.infer<typeof queueWideSchema>;

const ROW = "queue";
/** Longer than any read of them: an instance that stopped half-way through one leaves it to another after this. */
const REFRESH_CLAIM_MS = 60_000;

/**
 * The overview and the filters' choices, one answer for every instance on the database. Read over a
 * large queue they are whole-table scans (1.5-3 s at 100,000 items under load, over a quarter of the
 * database's work with three instances each reading its own): the stored answer serves while it is
 * younger than its read cost allows (`lasting`, as the stored queue's cache counts it); else this
 * instance claims the next read, makes it and stores it, while the others go on serving the stored
 * one. A stored answer of another shape (an instance of another version wrote it) is read again.
 */
export async function readSharedQueueWide(db: Db, nowSeconds: number, nowMs: number, lasting: Lasting): Promise<QueueWide> {
  const { clock = () => performance.now() } = lasting;
  const [stored] = await db.select().from(queueWide).where(eq(queueWide.id, ROW));
  const body = queueWideSchema.safeParse(stored?.body);
  if (stored && body.success) {
    const fresh = nowMs - stored.readAt.getTime() < lastingMs(stored.tookMs, lasting);
    if (fresh || !(await claimRead(db, nowMs))) return body.data;
  }
  const started = clock();
  const wide = await readQueueWide(db, nowSeconds);
  const row = { readAt: new Date(nowMs), tookMs: Math.round(clock() - started), refreshingUntil: null, body: wide };
  await db.insert(queueWide).values({ id: ROW, ...row }).onConflictDoUpdate({ target: queueWide.id, set: row });
  return wide;
}

/** True when this instance may read the answer again now: no other claimed it, or its claim ran out. */
async function claimRead(db: Db, nowMs: number): Promise<boolean> {
  const claimed = await db
    .update(queueWide)
    .set({ refreshingUntil: new Date(nowMs + REFRESH_CLAIM_MS) })
    .where(and(eq(queueWide.id, ROW), or(isNull(queueWide.refreshingUntil), lt(queueWide.refreshingUntil, new Date(nowMs)))))
    .returning({ id: queueWide.id });
  return claimed.length > 0;
}
