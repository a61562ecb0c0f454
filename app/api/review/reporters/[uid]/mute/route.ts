// POST /api/review/reporters/{uid}/mute: mute a reporter, setting their pending flags aside. Moderator.
// DELETE /api/review/reporters/{uid}/mute: unmute them, their set-aside flags live again. Admin.
import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { muteReporterBodySchema } from "@/lib/reporters/model/reporter-schemas";
import { muteReporter, unmuteReporter } from "@/lib/reporters/server/reporter-mutes";

const params = z.object({ uid: uidSchema });

export const POST = route({ access: "moderator", params, body: muteReporterBodySchema }, async (ctx) => ({
  data: await muteReporter(await ctx.db(), ctx.audited, ctx.staff.id, ctx.params.uid, ctx.body?.note),
}));

export const DELETE = route({ access: "admin", params }, async (ctx) => ({
  data: await unmuteReporter(await ctx.db(), ctx.audited, ctx.staff.id, ctx.params.uid),
}));
