// GET /api/users/{uid}: one user as the chat service returns it. Moderator.
import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { sharedJsonResponse } from "@/lib/api/shared-json";
import { getUser } from "@/lib/moderation/get-user";

export const GET = route({ access: "moderator", params: z.object({ uid: uidSchema }) }, async (ctx) => sharedJsonResponse(await getUser(ctx.params.uid), ctx.request));
