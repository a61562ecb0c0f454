import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { captureLog } from "@/lib/testing/capture-log";
import { startRouteServer } from "@/lib/testing/route-server";

/**
 * Attack: read an instance's metrics without its token, with a staff session, a near miss or the
 * token in another place, and look for the token reflected in an answer or written to the log.
 * The comparison itself is of SHA-256 digests with timingSafeEqual (lib/metrics/metrics-token.ts),
 * so its time says nothing about how much of a guess matched; that is not measured here (no timed
 * tests), the outcomes are.
 */
const TOKEN = "attack-suite-metrics-token-5f1c2e9a";
let h: Harness;
let server: Awaited<ReturnType<typeof startRouteServer>>;
const logged = captureLog("trace");

beforeAll(async () => {
  h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
  (globalThis as { __dashboardLog?: unknown }).__dashboardLog = logged.logger;
  const { GET } = await import("@/app/api/metrics/route");
  server = await startRouteServer((request) => GET(request, { params: Promise.resolve({}) }));
});
afterAll(async () => {
  await server?.close();
  await h?.close();
});

describe("guessing the metrics token", () => {
  const near = `${TOKEN.slice(0, -1)}0`;
  const guesses: [string, Record<string, string>, string][] = [
    ["a staff session", {}, ""],
    ["the right length, one character off", { authorization: `Bearer ${near}` }, ""],
    ["a prefix of it", { authorization: `Bearer ${TOKEN.slice(0, 8)}` }, ""],
    ["it with more after", { authorization: `Bearer ${TOKEN} ${TOKEN}` }, ""],
    ["it as a cookie", { cookie: `token=${TOKEN}` }, ""],
    ["it as a Basic password", { authorization: `Basic ${btoa(`metrics:${TOKEN}`)}` }, ""],
    ["it in the query", {}, `?token=${TOKEN}`],
  ];

  it.each(guesses)("refuses %s, naming neither the token nor the guess", async (what, headers, query) => {
    const cookie = what === "a staff session" ? await h.cookieFor("admin") : undefined;
    const response = await fetch(`${server.url}/api/metrics${query}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    expect([400, 401]).toContain(response.status);
    const answer = `${[...response.headers].join("\n")}\n${await response.text()}`;
    expect(answer).not.toContain(TOKEN);
    expect(answer).not.toContain(near);
    expect(answer).not.toContain(TOKEN.slice(0, 8));
  });

  it("answers the right token without repeating it, and no log line ever holds it", async () => {
    const response = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(TOKEN);
    expect(logged.lines.length).toBeGreaterThan(0);
    expect(logged.text()).not.toContain(TOKEN);
    expect(logged.text()).not.toContain(TOKEN.slice(0, 8));
  });
});
