// POST /api/messages/{id}/pin: pin a message as the app, or on behalf of a UID (header onBehalfOf: admin, unless PIN_ON_BEHALF_OF=moderators); body { version } for a review item. Moderator.
import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { parseHeader, route } from "@/lib/api/route";
import { pinMessage } from "@/lib/moderation/pin-message";
import { pinBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", params: z.object({ id: messageIdSchema }), body: pinBodySchema }, async (ctx) =>
  pinMessage(ctx.audited, ctx.staff, ctx.params.id, parseHeader(ctx.request, "onBehalfOf", uidSchema.optional()), ctx.body?.version),
);
