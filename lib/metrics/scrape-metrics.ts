import "server-only";
import { metrics } from "./registry";

/** This process's metrics in the Prometheus text format, gauges read now. */
export async function scrapeMetrics(): Promise<{ contentType: string; text: string }> {
  const counted = metrics();
  if (!counted) throw new Error("scrapeMetrics called with METRICS_TOKEN unset");
  return { contentType: counted.registry.contentType, text: await counted.registry.metrics() };
}
