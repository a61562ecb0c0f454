// GET /api/moderation/flagged-messages: the flagged messages the chat service returns (at most its limit). Moderator.
import { route } from "@/lib/api/route";
import { sharedJsonResponse } from "@/lib/api/shared-json";
import { listFlaggedMessages } from "@/lib/moderation/flagged-messages";

export const GET = route({ access: "moderator" }, async (ctx) => sharedJsonResponse(await listFlaggedMessages(), ctx.request));
