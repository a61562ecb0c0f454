// POST /api/apikeys/{id}/reveal: the full value of one key, to show or copy; audited, after a fresh presence check (POST /api/me/presence), never the dashboard's own key. Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { revealApiKey } from "@/lib/moderation/api-keys";
import { apiKeyIdSchema, revealApiKeyBodySchema } from "@/lib/moderation/api-key-types";

export const POST = route(
  { access: PERMISSIONS.apiKeys.role, params: z.object({ id: apiKeyIdSchema }), body: revealApiKeyBodySchema },
  async (ctx) => revealApiKey(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
);
