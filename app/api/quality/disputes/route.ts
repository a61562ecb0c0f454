// GET /api/quality/disputes: second reviews that disagreed with the first decision, waiting for a ruling, and the latest ruled. Admin.
import { route } from "@/lib/api/route";
import { listDisputes } from "@/lib/quality/server/rulings";

export const GET = route({ access: "admin" }, async (ctx) => listDisputes(await ctx.db()));
