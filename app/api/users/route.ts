// GET /api/users?searchKey=: users whose UID or name starts with it, those the dashboard knows first (the "Go to user" box). Moderator.
// DELETE /api/users: deactivate users (JSON body uidsToDeactivate, optional policyId and note); protected users wait for a second staff member. Moderator.
// PUT /api/users: reactivate users (JSON body uidsToActivate). Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { deactivateUsers } from "@/lib/moderation/deactivate-users";
import { reactivateUsers } from "@/lib/moderation/reactivate-users";
import { deactivateBodySchema, reactivateBodySchema } from "@/lib/moderation/request-schemas";
import { searchUsers } from "@/lib/users/search-users";
import { userSearchQuerySchema } from "@/lib/users/user-search-schemas";

export const GET = route({ access: "moderator", query: userSearchQuerySchema }, async (ctx) => searchUsers(await ctx.db(), ctx.staff.id, ctx.query.searchKey));

export const DELETE = route({ access: "moderator", body: deactivateBodySchema }, async (ctx) =>
  deactivateUsers(await ctx.db(), ctx.audited, ctx.staff, ctx.body.uidsToDeactivate, {
    bulkRemaining: ctx.body.bulkRemaining,
    decision: { policyId: ctx.body.policyId, note: ctx.body.note },
  }),
);

export const PUT = route({ access: PERMISSIONS.reactivateUsers.role, body: reactivateBodySchema }, async (ctx) => reactivateUsers(await ctx.db(), ctx.audited, ctx.body.uidsToActivate));
