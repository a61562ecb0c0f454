import "server-only";
import { env } from "@/lib/env/server";
import { healthMonitor } from "@/lib/health/service";
import { withReadCache } from "./cached-client";
import { createChatClient, type ChatClient } from "./client";
import { observeCalls } from "./observed-client";

let client: ChatClient | undefined;

/**
 * The dashboard's one client for the configured chat service (emulator in demo mode). Reads of the
 * flagged list and of users are shared per process for CHAT_CACHE_TTL_MS; each instance keeps its
 * own cache, and correctness never depends on it (mutations invalidate, the TTL bounds staleness).
 * Every call that goes out tells the health monitor how it went, so the header's warning about a
 * refused key or an unreachable service follows real calls at once, not only the periodic check.
 */
export function chat(): ChatClient {
  const { baseUrl, apiKey, timeoutMs, cacheTtlMs } = env().chat;
  client ??= withReadCache(
    observeCalls(createChatClient({ baseUrl, apiKey, timeoutMs }), (error) => healthMonitor().recordChatCall(error)),
    cacheTtlMs,
  );
  return client;
}
