/** The staff roles, declared once: the database enum, the API's zod schema and every check derive from this. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const rank: Record<StaffRole, number> = { moderator: 1, admin: 2 };

/** An admin can do everything a moderator can. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return rank[role] >= rank[needed];
}
