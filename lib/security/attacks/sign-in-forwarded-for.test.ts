import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustProxySchema } from "@/lib/net/trust-proxy";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";

/**
 * Attack: a fresh X-Forwarded-For (or a forged copy of the dashboard's own client-address header)
 * with every sign-in attempt, so each lands in a fresh bucket of the per-address limit. Served
 * here as in production: a real HTTP server on loopback, with the dashboard's client-address
 * wrapper in front of the auth library's route, under each TRUST_PROXY setting.
 *
 * Callers connect from different loopback addresses (Linux routes all of 127.0.0.0/8 to lo), one
 * per test, since the buckets outlive a test: 127.0.0.1 plays the reverse proxy, the others
 * clients that reach the dashboard directly.
 */
let h: Harness;
const LIMIT = 3;
const servers: Record<string, Awaited<ReturnType<typeof startRouteServer>>> = {};
const agents = new Map<string, Agent>();

/** A loopback address's own connection pool, so its requests come from it. */
const from = (address: string) => {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new Agent({ localAddress: address })));
  return agent;
};

let guesses = 0;
/** One wrong-password sign-in through the server for `trustProxy`; a new email each time, so the per-account delay is not what stops it. */
async function attempt(trustProxy: string, headers: Record<string, string> = {}, caller = "127.0.0.1"): Promise<number> {
  const server = servers[trustProxy];
  if (!server) throw new Error(`no server for TRUST_PROXY=${trustProxy}`);
  const response = await undiciFetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: `guess-${++guesses}@test.example`, password: "wrong-password-0" }),
    dispatcher: from(caller),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Statuses of `LIMIT + 1` attempts: the last one is over the limit when they all share a bucket. */
async function exhaust(trustProxy: string, forwarded: (i: number) => string | undefined, caller?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) {
    const value = forwarded(i);
    statuses.push(await attempt(trustProxy, value === undefined ? {} : { "x-forwarded-for": value }, caller));
  }
  return statuses;
}
const ONE_BUCKET = [...Array<number>(LIMIT).fill(401), 429];

describe("the per-address sign-in limit behind a forged X-Forwarded-For", () => {
  beforeAll(async () => {
    h = await startHarness({ env: { SIGN_IN_RATE_LIMIT: String(LIMIT), SIGN_IN_RATE_WINDOW_SECONDS: "60" } });
    const { POST } = await import("@/app/api/auth/[...all]/route");
    for (const setting of ["", "1", "2", "127.0.0.1, 10.0.0.0/8"]) servers[setting] = await startRouteServer(POST, trustProxySchema.parse(setting));
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close();
    for (const agent of agents.values()) await agent.close();
    await h.close();
  });

  describe("TRUST_PROXY unset (clients connect directly)", () => {
    it("counts every attempt from one socket in one bucket, whatever forwarded address it claims", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++) {
        statuses.push(await attempt("", { "x-forwarded-for": `203.0.113.${i + 1}`, "x-dashboard-client-ip": `198.51.100.${i + 1}` }));
      }
      expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
      expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
      // Another client's bucket is its own.
      expect(await attempt("", {}, "127.0.0.2")).toBe(401);
    });
  });

  describe("TRUST_PROXY=1 (behind one reverse proxy)", () => {
    it("believes the hop the proxy appended: values a client puts before it pick no fresh bucket", async () => {
      expect(await exhaust("1", (i) => `198.51.100.${i + 1}, 192.0.2.${i + 1}, 203.0.113.7`)).toEqual(ONE_BUCKET);
      // The next client behind the same proxy has a bucket of its own.
      expect(await attempt("1", { "x-forwarded-for": "203.0.113.8" })).toBe(401);
    });

    it("reads a hop the proxy wrote with its port, or as a bracketed IPv6 address, as that client's own bucket, not the proxy's", async () => {
      expect(await exhaust("1", (i) => `203.0.113.20:${5000 + i}`)).toEqual(ONE_BUCKET);
      expect(await attempt("1", { "x-forwarded-for": "203.0.113.21:5000" })).toBe(401);
      expect(await exhaust("1", (i) => `[2001:db8:20::${i + 1}]:443`)).toEqual(ONE_BUCKET);
      expect(await attempt("1", { "x-forwarded-for": "[2001:db8:21::1]:443" })).toBe(401);
    });

    it("keeps an IPv6 client in one bucket whichever address of its /64 and whichever spelling it uses", async () => {
      const spellings = ["2001:db8:30::1", "2001:DB8:30:0:0:0:0:2", "2001:db8:30::ffff:3", "[2001:db8:30::4]"];
      expect(await exhaust("1", (i) => spellings[i])).toEqual(ONE_BUCKET);
      expect(await attempt("1", { "x-forwarded-for": "2001:db8:31::1" })).toBe(401);
    });

    it("falls back to the socket for garbage, an empty value or none: a client reaching the dashboard directly gets its own bucket, not everyone's", async () => {
      expect(await exhaust("1", (i) => ["garbage", "", "unknown", "203.0.113.999"][i], "127.0.0.10")).toEqual(ONE_BUCKET);
      expect(await attempt("1", { "x-forwarded-for": "garbage" }, "127.0.0.11")).toBe(401);
      expect(await attempt("1", { "x-forwarded-for": "" }, "127.0.0.12")).toBe(401);
      expect(await attempt("1", {}, "127.0.0.13")).toBe(401);
      expect(await attempt("1", { "x-forwarded-for": "203.0.113.40" })).toBe(401);
    });
  });

  describe("TRUST_PROXY=2 with one proxy in front (fewer hops than trusted)", () => {
    it("counts the hop that is there, not the proxy every client shares", async () => {
      expect(await exhaust("2", () => "203.0.113.50")).toEqual(ONE_BUCKET);
      expect(await attempt("2", { "x-forwarded-for": "203.0.113.51" })).toBe(401);
    });
  });

  describe("TRUST_PROXY=127.0.0.1, 10.0.0.0/8 (the proxies' addresses)", () => {
    it("from a listed proxy, takes the first address from the right that is not a proxy; values before it pick no fresh bucket", async () => {
      expect(await exhaust("127.0.0.1, 10.0.0.0/8", (i) => `198.51.100.${i + 1}, 203.0.113.60, 10.1.2.3`)).toEqual(ONE_BUCKET);
      expect(await attempt("127.0.0.1, 10.0.0.0/8", { "x-forwarded-for": "203.0.113.61, 10.1.2.3" })).toBe(401);
    });

    it("takes a caller that is not a listed proxy as the client, whatever it forwards", async () => {
      expect(await exhaust("127.0.0.1, 10.0.0.0/8", (i) => `203.0.113.${70 + i}`, "127.0.0.20")).toEqual(ONE_BUCKET);
      expect(await attempt("127.0.0.1, 10.0.0.0/8", { "x-forwarded-for": "203.0.113.80" })).toBe(401);
    });

    it("counts a malformed hop behind the proxies as the last address known, not the proxy in front of everyone", async () => {
      expect(await exhaust("127.0.0.1, 10.0.0.0/8", (i) => `${["garbage", "", "1.2.3", "[::1"][i]}, 10.9.9.9`)).toEqual(ONE_BUCKET);
      expect(await attempt("127.0.0.1, 10.0.0.0/8", { "x-forwarded-for": "garbage, 10.9.9.8" })).toBe(401);
      expect(await attempt("127.0.0.1, 10.0.0.0/8", { "x-forwarded-for": "203.0.113.90" })).toBe(401);
    });
  });
});
