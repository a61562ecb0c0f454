import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flaggedMessage } from "@/lib/db/schema";
import type { ReviewState } from "@/lib/review/model/states";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { DELIVERY_WAIT } from "@/lib/testing/delivery-wait";
import { databaseTargets } from "@/lib/testing/test-databases";
import { parsePrometheusText, sampleValue } from "@/lib/testing/prometheus-text";
import { startRouteServer } from "@/lib/testing/route-server";

/**
 * GET /api/metrics over a real HTTP server on loopback, against a real database and the emulator:
 * off without METRICS_TOKEN, the bearer token checked, and every metric family with the values
 * the instance's real state gives it.
 */
const TOKEN = "metrics-token-for-tests-0123456789";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Server = Awaited<ReturnType<typeof startRouteServer>>;

/** The metrics route and the live events route behind one loopback server. */
async function serveRoutes(): Promise<Server> {
  const metricsRoute = await import("@/app/api/metrics/route");
  const eventsRoute = await import("@/app/api/review/events/route");
  return startRouteServer((request) => {
    const route = new URL(request.url).pathname === "/api/metrics" ? metricsRoute : eventsRoute;
    return route.GET(request, { params: Promise.resolve({}) });
  });
}

describe("GET /api/metrics without METRICS_TOKEN", () => {
  let h: Harness;
  let server: Server;
  beforeAll(async () => {
    h = await startHarness();
    server = await serveRoutes();
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  it("is not there (404), whatever token is sent", async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await fetch(`${server.url}/api/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "ERR_NOT_FOUND" } });
    }
  });
});

describe.each(databaseTargets())("GET /api/metrics with METRICS_TOKEN on $name", (target) => {
  let h: Harness;
  let server: Server;
  const seeded: Record<ReviewState, number> = { open: 3, resolved: 2, dismissed: 1, set_aside: 1 };

  const scrape = async () => {
    const response = await fetch(`${server.url}/api/metrics`, { headers: bearer(TOKEN) });
    expect(response.status).toBe(200);
    return parsePrometheusText(await response.text());
  };

  beforeAll(async () => {
    h = await startHarness({ target, env: { METRICS_TOKEN: TOKEN } });
    server = await serveRoutes();
    const at = new Date("2026-01-01T00:00:00Z");
    const rows = Object.entries(seeded).flatMap(([state, count]) =>
      Array.from({ length: count }, (_, i) => ({
        id: `metrics-${state}-${i}`,
        conversationId: "a_user_b",
        senderUid: "a",
        receiverUid: "b",
        message: {},
        flaggedCount: 1,
        firstFlaggedAt: at,
        lastFlaggedAt: at,
        sentAt: at,
        state: state as ReviewState,
      })),
    );
    await h.db.insert(flaggedMessage).values(rows);
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  it("answers 401 JSON to no token, a wrong one and another scheme, asking for a bearer token", async () => {
    for (const headers of [{}, bearer("metrics-token-for-tests-012345678X"), bearer(`${TOKEN}x`), { authorization: `Basic ${btoa(`x:${TOKEN}`)}` }]) {
      const response = await fetch(`${server.url}/api/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.json()).toMatchObject({ error: { code: "ERR_UNAUTHORIZED" } });
    }
  });

  it("answers the Prometheus text format to the right token, not cached", async () => {
    const response = await fetch(`${server.url}/api/metrics`, { headers: bearer(TOKEN) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const families = parsePrometheusText(await response.text());
    expect(sampleValue(families, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(families.get("nodejs_heap_size_used_bytes")?.type).toBe("gauge");
    expect(families.get("dashboard_upstream_call_duration_seconds")?.type).toBe("histogram");
  });

  it("counts the queue by review state from the database", async () => {
    const families = await scrape();
    for (const [state, count] of Object.entries(seeded)) {
      expect(sampleValue(families, "dashboard_queue_items", { state })).toBe(count);
    }
  });

  it("times upstream calls by operation, counts failed ones, and keeps the rate-limit reading and the last sync", async () => {
    const { chat } = await import("@/lib/chat/service");
    const before = await scrape();
    // Unknown is NaN, not 0 ("no lag", "no requests left"); the lag counts from the process's start.
    expect(sampleValue(before, "dashboard_sync_last_duration_seconds")).toBeNaN();
    expect(sampleValue(before, "dashboard_upstream_rate_limit_remaining")).toBeNaN();
    expect(sampleValue(before, "dashboard_sync_lag_seconds")).toBeGreaterThan(0);
    expect(sampleValue(before, "dashboard_upstream_call_duration_seconds_count", { operation: "listFlaggedMessages" })).toBeUndefined();

    await h.sync();
    await expect(chat().getUser("no-such-user")).rejects.toMatchObject({ status: 404 });

    const after = await scrape();
    const calls = (operation: string) => sampleValue(after, "dashboard_upstream_call_duration_seconds_count", { operation });
    expect(calls("listFlaggedMessages")).toBe(1);
    expect(calls("getUser")).toBe(1);
    expect(sampleValue(after, "dashboard_upstream_call_duration_seconds_bucket", { operation: "getUser", le: "+Inf" })).toBe(1);
    expect(sampleValue(after, "dashboard_upstream_call_duration_seconds_sum", { operation: "getUser" })).toBeGreaterThan(0);
    expect(sampleValue(after, "dashboard_upstream_call_errors_total", { operation: "getUser" })).toBe(1);
    expect(sampleValue(after, "dashboard_upstream_call_errors_total", { operation: "listFlaggedMessages" })).toBeUndefined();
    const limit = sampleValue(after, "dashboard_upstream_rate_limit_limit") ?? 0;
    const remaining = sampleValue(after, "dashboard_upstream_rate_limit_remaining") ?? 0;
    expect(limit).toBeGreaterThan(0);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThan(limit);
    const lag = sampleValue(after, "dashboard_sync_lag_seconds");
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
    expect(sampleValue(after, "dashboard_sync_last_duration_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("counts the live event streams this instance holds open", async () => {
    const cookie = await h.cookieFor("moderator");
    const stopped = new AbortController();
    const stream = await fetch(`${server.url}/api/review/events`, { headers: { cookie }, signal: stopped.signal });
    expect(stream.status).toBe(200);
    expect(sampleValue(await scrape(), "dashboard_event_streams_open")).toBe(1);
    stopped.abort();
    await vi.waitFor(async () => expect(sampleValue(await scrape(), "dashboard_event_streams_open")).toBe(0), DELIVERY_WAIT);
  });
});
