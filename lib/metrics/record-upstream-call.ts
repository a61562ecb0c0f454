import "server-only";
import type { ObservedCall } from "@/lib/chat/observed-client";
import { metrics } from "./registry";

/** Counts one call to the chat service into the metrics (nothing while they are off). */
export function recordUpstreamCall(call: ObservedCall): void {
  const counted = metrics();
  if (!counted) return;
  counted.upstreamSeconds.observe({ operation: call.operation }, call.seconds);
  if (call.error !== undefined) counted.upstreamErrors.inc({ operation: call.operation });
}
