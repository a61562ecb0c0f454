// PUT /api/account/password: change your own password (the current one required); your other sessions end. Any staff.
import { changePasswordBodySchema } from "@/lib/account/account-schemas";
import { changeOwnPassword } from "@/lib/account/manage-account";
import { route } from "@/lib/api/route";
import { withAuthCookies } from "@/lib/auth/auth-library-call";

export const PUT = route({ access: "moderator", body: changePasswordBodySchema }, async (ctx) =>
  withAuthCookies({ data: { changed: true } }, await changeOwnPassword(await ctx.db(), ctx.audited, ctx.staff, ctx.request.headers, ctx.body)),
);
