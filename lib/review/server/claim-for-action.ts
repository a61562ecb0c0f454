import "server-only";
import { sql } from "drizzle-orm";
import { flaggedMessage } from "@/lib/db/schema";

/**
 * The assignee an item gets when a staff member's action on the chat service (pin, deactivate)
 * succeeded: theirs if the item was open and nobody had claimed it, otherwise unchanged. Set in the
 * same statement that records the action, inside its audited step, so a failed action claims nothing.
 */
export function claimIfFree(actorId: string) {
  return sql`coalesce(${flaggedMessage.assigneeId}, case when ${flaggedMessage.state} = 'open' then ${actorId} end)`;
}
