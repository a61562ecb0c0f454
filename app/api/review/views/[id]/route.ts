// PATCH /api/review/views/{id}: rename a saved view or change its sharing (owner). DELETE: delete it (owner, or an admin for a shared one). Moderator.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { savedViewIdSchema, updateSavedViewBodySchema } from "@/lib/review/model/saved-view-schemas";
import { deleteSavedView, updateSavedView } from "@/lib/review/server/saved-views";

const params = z.object({ id: savedViewIdSchema });

export const PATCH = route({ access: "moderator", params, body: updateSavedViewBodySchema }, async (ctx) => ({
  data: await updateSavedView(await ctx.db(), ctx.staff, ctx.params.id, ctx.body),
}));

export const DELETE = route({ access: "moderator", params }, async (ctx) => {
  await deleteSavedView(await ctx.db(), ctx.staff, ctx.params.id);
  return { data: { id: ctx.params.id } };
});
