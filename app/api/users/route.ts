// DELETE /api/users: deactivate users (JSON body uidsToDeactivate). Moderator.
import { route } from "@/lib/api/route";
import { deactivateUsers } from "@/lib/moderation/deactivate-users";
import { deactivateBodySchema } from "@/lib/moderation/request-schemas";

export const DELETE = route({ access: "moderator", body: deactivateBodySchema }, async (ctx) =>
  deactivateUsers(await ctx.db(), ctx.audited, ctx.staff, ctx.body.uidsToDeactivate),
);
