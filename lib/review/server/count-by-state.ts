import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { REVIEW_STATES, type ReviewState } from "@/lib/review/model/states";

/** How many review items are in each state, in one grouped count; a state with none counts 0. */
export async function countItemsByState(db: Db): Promise<Record<ReviewState, number>> {
  const rows = await db
    .select({ state: flaggedMessage.state, count: sql<number>`count(*)`.mapWith(Number) })
    .from(flaggedMessage)
    .groupBy(flaggedMessage.state);
  const counts = Object.fromEntries(REVIEW_STATES.map((state) => [state, 0])) as Record<ReviewState, number>;
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
