// POST /api/account/recovery-codes: new two-factor recovery codes (password required); the old ones stop working. Any staff.
import { confirmPasswordBodySchema } from "@/lib/account/account-schemas";
import { regenerateRecoveryCodes } from "@/lib/account/manage-account";
import { route } from "@/lib/api/route";

export const POST = route({ access: "moderator", body: confirmPasswordBodySchema }, async (ctx) =>
  regenerateRecoveryCodes(await ctx.db(), ctx.audited, ctx.staff, ctx.request.headers, ctx.body),
);
