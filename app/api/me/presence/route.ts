// POST /api/me/presence: prove presence (password, or TOTP code with two-factor on) so this session may reveal API keys for 5 minutes. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { confirmPresence } from "@/lib/auth/presence";
import { presenceProofSchema } from "@/lib/auth/presence-schemas";

export const POST = route({ access: PERMISSIONS.apiKeys.role, body: presenceProofSchema }, async (ctx) => ({
  data: await confirmPresence(await ctx.db(), ctx.staff, ctx.body),
}));
