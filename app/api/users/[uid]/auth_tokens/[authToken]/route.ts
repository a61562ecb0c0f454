// PUT /api/users/{uid}/auth_tokens/{authToken}: update an auth token's platform, user agent and app info. Admin.
import { z } from "zod";
import { authTokenValueSchema, uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { authTokenBodySchema } from "@/lib/moderation/request-schemas";
import { updateAuthToken } from "@/lib/moderation/update-auth-token";

export const PUT = route(
  {
    access: PERMISSIONS.userAccounts.role,
    params: z.object({ uid: uidSchema, authToken: authTokenValueSchema }),
    body: authTokenBodySchema,
  },
  async (ctx) => updateAuthToken(ctx.audited, ctx.params.uid, ctx.params.authToken, ctx.body),
);
