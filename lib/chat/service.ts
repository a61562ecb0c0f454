import "server-only";
import { env } from "@/lib/env/server";
import { withReadCache } from "./cached-client";
import { createChatClient, type ChatClient } from "./client";

let client: ChatClient | undefined;

/**
 * The dashboard's one client for the configured chat service (emulator in demo mode). Reads of the
 * flagged list and of users are shared per process for CHAT_CACHE_TTL_MS; each instance keeps its
 * own cache, and correctness never depends on it (mutations invalidate, the TTL bounds staleness).
 */
export function chat(): ChatClient {
  const { baseUrl, apiKey, timeoutMs, cacheTtlMs } = env().chat;
  client ??= withReadCache(createChatClient({ baseUrl, apiKey, timeoutMs }), cacheTtlMs);
  return client;
}
