import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage as fm } from "@/lib/db/schema";
import type { FlaggerRecord } from "@/lib/policies/model/priority";

/** How many of a flagger's latest decided flags their record counts. */
export const RECORD_WINDOW = 100;

/**
 * Each flagger's record: of their last RECORD_WINDOW flags on decided items (newest decision
 * first), how many were upheld (resolved) and how many dismissed. One statement for all of them;
 * a flagger with no decided flag is absent.
 */
export async function readFlaggerRecords(db: Pick<Db, "execute">, uids: readonly string[]): Promise<Map<string, FlaggerRecord>> {
  if (uids.length === 0) return new Map();
  const result = await db.execute<{ uid: string; upheld: number; dismissed: number }>(sql`
    select u.uid, count(*) filter (where recent.state = 'resolved')::int as upheld, count(*) filter (where recent.state = 'dismissed')::int as dismissed
    from unnest(array[${sql.join(uids.map((uid) => sql`${uid}`), sql`, `)}]::text[]) as u(uid)
    cross join lateral (
      select m.state from ${flag} f join ${fm} m on m.id = f.message_id
      where f.flagger_uid = u.uid and m.state in ('resolved', 'dismissed')
      order by m.decided_at desc nulls last limit ${RECORD_WINDOW}
    ) recent
    group by u.uid`);
  return new Map(result.rows.map((row) => [row.uid, { upheld: Number(row.upheld), dismissed: Number(row.dismissed) }]));
}
