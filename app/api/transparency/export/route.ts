// GET /api/transparency/export?from=YYYY-MM-DD&to=YYYY-MM-DD&format=jsonl|csv: the range's statements of reasons (EU DSA Transparency Database fields), streamed; audited. Admin.
import { route } from "@/lib/api/route";
import { exportStatements } from "@/lib/transparency/server/transparency-export";
import { transparencyExportQuerySchema } from "@/lib/transparency/model/transparency-range";

export const GET = route({ access: "admin", query: transparencyExportQuerySchema, readWrites: true }, async (ctx) => {
  const { stream, contentType, fileName } = await exportStatements(await ctx.db(), ctx.audited, ctx.query);
  return new Response(stream, { headers: { "content-type": contentType, "content-disposition": `attachment; filename="${fileName}"` } });
});
