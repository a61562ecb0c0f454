// GET /api/users/{uid}/messages?with={uid}&around={messageId}: the two users' messages just before and after one message. Moderator.
import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { conversationAround } from "@/lib/moderation/conversation-context";

const params = z.object({ uid: uidSchema });
const query = z.strictObject({ with: uidSchema, around: messageIdSchema });

export const GET = route({ access: "moderator", params, query }, async (ctx) => ({
  data: await conversationAround({ kind: "user", uid: ctx.params.uid, with: ctx.query.with }, ctx.query.around),
}));
