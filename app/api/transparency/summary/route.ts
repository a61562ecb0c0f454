// GET /api/transparency/summary?from=YYYY-MM-DD&to=YYYY-MM-DD: the figures a transparency report gives for the range. Admin.
import { route } from "@/lib/api/route";
import { readTransparencySummary } from "@/lib/transparency/server/transparency-summary";
import { transparencyRangeSchema } from "@/lib/transparency/model/transparency-range";

export const GET = route({ access: "admin", query: transparencyRangeSchema }, async (ctx) => readTransparencySummary(await ctx.db(), ctx.query));
