// GET /api/review/views: my saved queue views and the team's shared ones. POST: save a view. Moderator.
import { route } from "@/lib/api/route";
import { createSavedViewBodySchema } from "@/lib/review/model/saved-view-schemas";
import { createSavedView, listSavedViews } from "@/lib/review/server/saved-views";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await listSavedViews(await ctx.db(), ctx.staff) }));

export const POST = route({ access: "moderator", body: createSavedViewBodySchema }, async (ctx) =>
  Response.json({ data: await createSavedView(await ctx.db(), ctx.staff, ctx.body) }, { status: 201 }),
);
