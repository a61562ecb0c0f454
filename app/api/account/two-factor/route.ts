// DELETE /api/account/two-factor: turn your own two-factor authentication off (password required), where policy allows. Any staff.
import { confirmPasswordBodySchema } from "@/lib/account/account-schemas";
import { turnOffTwoFactor } from "@/lib/account/manage-account";
import { route } from "@/lib/api/route";
import { withAuthCookies } from "@/lib/auth/auth-library-call";

export const DELETE = route({ access: "moderator", body: confirmPasswordBodySchema }, async (ctx) =>
  withAuthCookies({ data: { twoFactorEnabled: false } }, await turnOffTwoFactor(await ctx.db(), ctx.audited, ctx.staff, ctx.request.headers, ctx.body)),
);
