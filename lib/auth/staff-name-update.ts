import "server-only";
import { APIError } from "better-auth/api";
import { z } from "zod";
import { describeIssues } from "@/lib/api/route";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { announceRename } from "@/lib/review/live/queue-live";
import { staffNameSchema } from "@/lib/staff/staff-name";
import { forgetStaffSessions } from "./session-cache";

const UPDATE_USER = "/update-user";

/** What staff may change about themselves through the auth library: their name, and nothing else (no image URL). */
const updateUserBodySchema = z.strictObject({ name: staffNameSchema });

/**
 * The auth library's update route took any name (2 MB was accepted, and copied wherever the name
 * was shown). For its before hook: a 400 naming the field, or the checked (trimmed) body to use.
 */
export function checkStaffNameUpdate(path: string, body: unknown): { context: { body: z.infer<typeof updateUserBodySchema> } } | undefined {
  if (path !== UPDATE_USER) return undefined;
  const parsed = updateUserBodySchema.safeParse(body);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { message: describeIssues(parsed.error, "body"), code: "ERR_BAD_REQUEST" });
  return { context: { body: parsed.data } };
}

type Person = { id: string; email: string; name: string; role?: unknown };

/**
 * For the user update's after hook: a rename through the update route gets an audit row, with both
 * names. The new name shows at once wherever the staff member is named by id: their other sessions
 * here stop carrying the old one, and presence on every instance follows (notes read it anyway).
 */
export async function auditStaffRename(database: Db, path: string | undefined, before: Person | undefined, after: Person): Promise<void> {
  if (path !== UPDATE_USER || !before || before.name === after.name) return;
  await recordAudit(database, {
    actor: { id: after.id, email: after.email, role: String(after.role ?? "") },
    action: "staff.rename",
    detail: { email: after.email, from: before.name, to: after.name },
  });
  forgetStaffSessions({ userId: after.id });
  announceRename(database, after.id, after.name);
}
