// POST /api/messages/{id}/pin: pin a message as the app, or on behalf of a UID (header onBehalfOf). Moderator.
import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { parseHeader, route } from "@/lib/api/route";
import { pinMessage } from "@/lib/moderation/pin-message";

export const POST = route({ access: "moderator", params: z.object({ id: messageIdSchema }) }, async (ctx) =>
  pinMessage(ctx.audited, ctx.staff.id, ctx.params.id, parseHeader(ctx.request, "onBehalfOf", uidSchema.optional())),
);
