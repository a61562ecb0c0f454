/** The staff roles, declared once: the database enum, the API's zod schema and every check derive from this. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const rank: Record<StaffRole, number> = { moderator: 1, admin: 2 };

/** An admin can do everything a moderator can. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return rank[role] >= rank[needed];
}

/**
 * What needs more than the lowest role, declared once: the routes and rules that guard each of
 * these take their role from here, and the staff page words what a role change gives or takes
 * away from the same entries.
 */
export const PERMISSIONS = {
  apiKeys: { role: "admin", description: "see and reveal the chat service's API keys" },
  manageStaff: { role: "admin", description: "add staff, change their roles, reset their passwords and two-factor, and disable them" },
  auditLog: { role: "admin", description: "read and export the audit log" },
  reactivateUsers: { role: "admin", description: "reactivate deactivated users" },
  unlimitedDeactivation: { role: "admin", description: "deactivate users in bulk without the hourly limit" },
  escalatedItems: { role: "admin", description: "act on items escalated to admins" },
  userAccounts: { role: "admin", description: "add friends to users and change their devices' push tokens" },
  sharedViews: { role: "admin", description: "delete views other staff shared" },
  protectedUsers: { role: "admin", description: "keep the list of protected users and approve moderators' requests to deactivate them" },
} as const satisfies Record<string, { role: StaffRole; description: string }>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return roleAllows(role, PERMISSIONS[permission].role);
}

/** What someone can do after a role change that they could not before, and what they can no longer do. */
export function roleChange(from: StaffRole, to: StaffRole): { gains: string[]; loses: string[] } {
  const all = Object.keys(PERMISSIONS) as Permission[];
  const describe = (list: Permission[]) => list.map((p) => PERMISSIONS[p].description);
  return {
    gains: describe(all.filter((p) => can(to, p) && !can(from, p))),
    loses: describe(all.filter((p) => can(from, p) && !can(to, p))),
  };
}
