// GET /api/media/{messageId}/{index}: one attachment of a flagged message, fetched through the media checks (lib/media). Moderator.
import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env/server";
import { serveMedia } from "@/lib/media/serve-media";

const params = z.object({
  id: messageIdSchema,
  index: z
    .string()
    .regex(/^\d{1,2}$/, "expected an attachment index from 0 to 99")
    .transform(Number),
});
const query = z.strictObject({ download: z.literal("1", { error: 'expected "1" or nothing' }).optional() });

export const GET = route({ access: "moderator", params, query }, async (ctx) =>
  serveMedia(await ctx.db(), ctx.params.id, ctx.params.index, { download: ctx.query.download === "1", policy: env().media }),
);
