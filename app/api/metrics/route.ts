// GET /api/metrics: this instance's metrics in the Prometheus text format, for a scraper with METRICS_TOKEN as its bearer token (404 while unset). No session.
import { route } from "@/lib/api/route";
import { requireMetricsToken } from "@/lib/metrics/metrics-token";
import { scrapeMetrics } from "@/lib/metrics/scrape-metrics";

export const GET = route({ access: "public" }, async ({ request }) => {
  requireMetricsToken(request);
  const { contentType, text } = await scrapeMetrics();
  return new Response(text, { headers: { "content-type": contentType } });
});
