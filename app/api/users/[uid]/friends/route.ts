// POST /api/users/{uid}/friends: add friends (accepted UIDs) to a user. Admin.
import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { addFriends } from "@/lib/moderation/add-friends";
import { addFriendsBodySchema } from "@/lib/moderation/request-schemas";

export const POST = route(
  { access: PERMISSIONS.userAccounts.role, params: z.object({ uid: uidSchema }), body: addFriendsBodySchema },
  async (ctx) => addFriends(ctx.audited, ctx.params.uid, ctx.body.accepted, ctx.body.addToConversations),
);
