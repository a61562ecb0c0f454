// GET /api/apikeys?scope=&search=: the app's API keys, masked; name search runs on the dashboard. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { listMaskedApiKeys } from "@/lib/moderation/api-keys";
import { apiKeysQuerySchema } from "@/lib/moderation/request-schemas";

export const GET = route({ access: PERMISSIONS.apiKeys.role, query: apiKeysQuerySchema }, async (ctx) =>
  listMaskedApiKeys(ctx.query.scope, ctx.query.search),
);
