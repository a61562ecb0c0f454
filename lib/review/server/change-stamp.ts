import "server-only";
import { sql } from "drizzle-orm";
import { flaggedMessage } from "@/lib/db/schema";

/**
 * What every change to a review item sets besides its own fields: the next version, and who made
 * it (null for the chat service's news) and when, so a command sent from a stale view is refused
 * naming them.
 */
export function changeStamp(changedById: string | null, now = new Date()) {
  return { version: sql`${flaggedMessage.version} + 1`, changedById, changedAt: now, updatedAt: now };
}
