// GET /api/media/avatar?url=…: a user's avatar or a group's icon, fetched through the media checks (lib/media), images only. Moderator.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env/server";
import { servePicture } from "@/lib/media/serve-media";

// Avatar and icon URLs are at most 3000 characters (cometchat-real-service.md, limits).
const query = z.strictObject({ url: z.string().max(3000).regex(/^https?:\/\//i, "expected an http(s) URL") });

export const GET = route({ access: "moderator", query }, async (ctx) => servePicture(ctx.query.url, { policy: env().media }));
