import "server-only";
import { env } from "@/lib/env/server";
import { classifyCall } from "@/lib/health/chat-outcome";
import { healthMonitor } from "@/lib/health/service";
import { recordUpstreamCall } from "@/lib/metrics/record-upstream-call";
import { withReadCache } from "./cached-client";
import { createChatClient, type ChatClient } from "./client";
import { observeCalls } from "./observed-client";
import { recordRateLimit } from "./rate-limit-store";

let client: ChatClient | undefined;

/**
 * The dashboard's one client for the configured chat service (emulator in demo mode). Reads of the
 * flagged list and of users are shared per process for CHAT_CACHE_TTL_MS; each instance keeps its
 * own cache, and correctness never depends on it (mutations invalidate, the TTL bounds staleness).
 * Every call that goes out tells the health monitor how it went (and the metrics how long it took), so the header's warning about a
 * refused key or an unreachable service follows real calls at once, not only the periodic check.
 * Every answer's rate-limit headers go to the process-wide reading (rate-limit-store.ts). The
 * outcome is classified here, with this bundle's own error classes (see recordChatCall).
 */
export function chat(): ChatClient {
  const { baseUrl, apiKey, timeoutMs, cacheTtlMs, flaggedPageSize } = env().chat;
  client ??= withReadCache(
    observeCalls(createChatClient({ baseUrl, apiKey, timeoutMs, flaggedPageSize, onRateLimit: recordRateLimit }), (call) => {
      healthMonitor().recordChatCall(classifyCall(call.error));
      recordUpstreamCall(call);
    }),
    cacheTtlMs,
  );
  return client;
}
