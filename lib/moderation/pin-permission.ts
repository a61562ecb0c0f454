import "server-only";
import type { StaffRole } from "@/lib/db/schema";
import { env } from "@/lib/env/server";

/**
 * Pinning on behalf of a user borrows that user's standing in the conversation, so it is for
 * admins unless PIN_ON_BEHALF_OF opens it to moderators. The API enforces it; the queue page uses
 * it to offer only what will be accepted.
 */
export function mayPinOnBehalfOfUsers(role: StaffRole): boolean {
  return role === "admin" || env().PIN_ON_BEHALF_OF === "moderators";
}
