// GET /api/groups/{guid}/messages?around={messageId}: the group's messages just before and after one message. Moderator.
import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { conversationAround } from "@/lib/moderation/conversation-context";

// A GUID follows the same rules as a UID (letters, digits, "-" and "_", at most 100 characters).
const params = z.object({ guid: uidSchema });
const query = z.strictObject({ around: messageIdSchema });

export const GET = route({ access: "moderator", params, query }, async (ctx) => ({
  data: await conversationAround({ kind: "group", guid: ctx.params.guid }, ctx.query.around),
}));
