import "server-only";
import { sql } from "drizzle-orm";
import { createChatClient } from "@/lib/chat/client";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { createHealthMonitor, type HealthMonitor } from "./monitor";

const globalForHealth = globalThis as typeof globalThis & { __dashboardHealth?: HealthMonitor };

/**
 * The process's one health monitor. Kept on globalThis: the instrumentation hook that starts it
 * and the route bundles that read it are separate module instances in one process.
 */
export function healthMonitor(): HealthMonitor {
  globalForHealth.__dashboardHealth ??= createMonitor();
  return globalForHealth.__dashboardHealth;
}

/** Starts the periodic checks (at server start, and on the first health read as a fallback). */
export function startHealthMonitor(): HealthMonitor {
  const monitor = healthMonitor();
  monitor.start();
  return monitor;
}

function createMonitor(): HealthMonitor {
  const { baseUrl, apiKey, timeoutMs } = env().chat;
  // Its own client: the check must not share the read cache, nor report itself as a real call.
  const client = createChatClient({ baseUrl, apiKey, timeoutMs });
  return createHealthMonitor({
    intervalMs: env().HEALTH_CHECK_MS,
    checkDatabase: async () => (await db()).execute(sql`select 1`),
    // One fullAccess-only read: an authOnly or unknown key is refused here, before any moderator's action.
    checkChatService: () => client.listApiKeys("fullAccess"),
  });
}
