import { z } from "zod";

/** The staff roles, declared once: the database enum and every check derive from this. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const rank: Record<StaffRole, number> = { moderator: 1, admin: 2 };

/** An admin can do everything a moderator can. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return rank[role] >= rank[needed];
}
