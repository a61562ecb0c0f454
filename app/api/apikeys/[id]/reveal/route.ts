// POST /api/apikeys/{id}/reveal: the full value of one key, to show or copy; audited, never the dashboard's own key. Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { revealApiKey } from "@/lib/moderation/api-keys";
import { apiKeyIdSchema, revealApiKeyBodySchema } from "@/lib/moderation/api-key-types";

export const POST = route(
  { access: "admin", params: z.object({ id: apiKeyIdSchema }), body: revealApiKeyBodySchema },
  async (ctx) => revealApiKey(ctx.audited, ctx.params.id, ctx.body),
);
