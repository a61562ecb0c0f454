// GET /api/review/bulk-jobs/{id}: a bulk decision's progress. DELETE: stop it after its current batch. Its owner or an admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { cancelBulkJob, readBulkJob } from "@/lib/review/server/bulk-jobs";

const params = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const GET = route({ access: "moderator", params }, async (ctx) => ({ data: await readBulkJob(await ctx.db(), ctx.staff, ctx.params.id) }));

export const DELETE = route({ access: "moderator", params }, async (ctx) => ({ data: await cancelBulkJob(await ctx.db(), ctx.staff, ctx.params.id) }));
