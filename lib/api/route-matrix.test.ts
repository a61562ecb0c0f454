import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_ENDPOINTS, type ChatEndpointKey } from "@/lib/chat/operations";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { routeFiles } from "@/lib/testing/route-table";

/**
 * Walks every route file of the dashboard's API with no session, a moderator and an admin. The
 * expected access of each method is declared here, so a new route fails until it is listed.
 */
const access: Record<string, Record<string, "public" | "moderator" | "admin" | "auth-library" | "metrics-token">> = {
  "/api/account/password": { PUT: "moderator" },
  "/api/account/recovery-codes": { POST: "moderator" },
  "/api/account/two-factor": { DELETE: "moderator" },
  "/api/apikeys": { GET: "admin" },
  "/api/apikeys/[id]/reveal": { POST: "admin" },
  "/api/apikeys/summary": { GET: "admin" },
  "/api/audit": { GET: "admin" },
  "/api/audit/export": { GET: "admin" },
  "/api/audit/stats": { GET: "admin" },
  "/api/auth/[...all]": { GET: "auth-library", POST: "auth-library" },
  "/api/deactivation-requests": { GET: "moderator" },
  "/api/deactivation-requests/[id]": { POST: "moderator" },
  "/api/floor": { GET: "public" },
  "/api/health": { GET: "public" },
  "/api/me/presence": { POST: "admin" },
  "/api/me/preferences": { GET: "moderator", PATCH: "moderator" },
  "/api/metrics": { GET: "metrics-token" },
  "/api/me/recent-users": { GET: "moderator" },
  "/api/messages/[id]/pin": { POST: "moderator" },
  "/api/moderation/flagged-messages": { GET: "moderator" },
  "/api/oversight/health": { GET: "moderator" },
  "/api/oversight/health/export": { GET: "moderator" },
  "/api/groups/[guid]/messages": { GET: "moderator" },
  "/api/media/[id]/[index]": { GET: "moderator" },
  "/api/media/avatar": { GET: "moderator" },
  "/api/policies": { GET: "moderator", POST: "admin" },
  "/api/policies/[id]": { PATCH: "admin" },
  "/api/policies/reason-map": { GET: "admin", PUT: "admin" },
  "/api/protected-users": { GET: "admin", POST: "admin" },
  "/api/quality/disputes": { GET: "admin" },
  "/api/quality/disputes/[id]": { POST: "admin" },
  "/api/quality/reviews/[id]": { POST: "moderator" },
  "/api/quality/reviews/next": { GET: "moderator" },
  "/api/protected-users/[uid]": { DELETE: "admin" },
  "/api/review/bulk": { POST: "moderator" },
  "/api/settings": { GET: "moderator", PATCH: "admin" },
  "/api/review/bulk-jobs": { POST: "moderator" },
  "/api/review/bulk-jobs/[id]": { GET: "moderator", DELETE: "moderator" },
  "/api/review/counts": { GET: "moderator" },
  "/api/review/deactivate-senders": { POST: "moderator" },
  "/api/review/events": { GET: "moderator" },
  "/api/review/items/[id]": { POST: "moderator" },
  "/api/review/items/[id]/notes": { POST: "moderator" },
  "/api/review/presence": { POST: "moderator" },
  "/api/review/queue": { GET: "moderator" },
  "/api/review/queue/summary": { GET: "moderator" },
  "/api/review/reporters": { GET: "moderator" },
  "/api/review/reporters/[uid]/mute": { POST: "moderator", DELETE: "admin" },
  "/api/review/undo/[id]": { POST: "moderator" },
  "/api/review/views": { GET: "moderator", POST: "moderator" },
  "/api/review/views/[id]": { PATCH: "moderator", DELETE: "moderator" },
  "/api/review/views/counts": { GET: "moderator" },
  "/api/transparency/export": { GET: "admin" },
  "/api/transparency/summary": { GET: "admin" },
  "/api/staff": { GET: "admin", POST: "admin" },
  "/api/staff/[id]": { PATCH: "admin" },
  "/api/staff/[id]/password": { PUT: "admin" },
  "/api/staff/[id]/two-factor": { DELETE: "admin" },
  "/api/staff/[id]/sign-in-delay": { DELETE: "admin" },
  "/api/staff/directory": { GET: "moderator" },
  "/api/staff/sign-in-delays": { GET: "admin" },
  "/api/users": { GET: "moderator", DELETE: "moderator", PUT: "admin" },
  "/api/users/[uid]": { GET: "moderator" },
  "/api/users/[uid]/auth_tokens/[authToken]": { PUT: "admin" },
  "/api/users/[uid]/context": { GET: "moderator" },
  "/api/users/[uid]/strikes": { GET: "moderator" },
  "/api/users/[uid]/messages": { GET: "moderator" },
  "/api/users/[uid]/protection": { GET: "moderator" },
  "/api/users/[uid]/friends": { POST: "admin" },
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * The API mirrors the chat service's paths: every endpoint of the operations table has its route
 * file at the same path under /api, with its method declared above (so it is walked below), or
 * says here why it has none.
 */
const NOT_MIRRORED: Partial<Record<ChatEndpointKey, string>> = {
  "PATCH /moderation/flagged-messages/:id": "decisions are written back by the outbox (docs/real-service.md), never by a browser's request",
};

let h: Harness;
let cookies: Record<"admin" | "moderator", string>;

beforeAll(async () => {
  h = await startHarness();
  cookies = { admin: await h.cookieFor("admin"), moderator: await h.cookieFor("moderator") };
});
afterAll(async () => h.close());

describe("role matrix over every route", () => {
  const files = routeFiles();

  it("lists every route file of app/api", () => {
    expect(files.map((f) => f.urlPattern).sort()).toEqual(Object.keys(access).sort());
  });

  it("mirrors every operation of the chat service that is not said to be left out", () => {
    const declared = new Set(Object.entries(access).flatMap(([pattern, methods]) => Object.keys(methods).map((method) => `${method} ${pattern}`)));
    const mirror = ({ method, path }: (typeof CHAT_ENDPOINTS)[number]) => `${method} /api${path.replace(/:(\w+)/g, "[$1]")}`;
    expect(CHAT_ENDPOINTS.map((endpoint) => [endpoint.key, declared.has(mirror(endpoint))])).toEqual(
      CHAT_ENDPOINTS.map(({ key }) => [key, NOT_MIRRORED[key] === undefined]),
    );
  });

  for (const file of files) {
    const declared = access[file.urlPattern] ?? {};
    for (const method of METHODS) {
      const role = declared[method];
      if (!role || role === "auth-library") continue;
      describe(`${method} ${file.urlPattern}`, () => {
        // Bodies are deliberately empty: the access check comes before validation, so a 400 means "let through".
        const send = async (cookie?: string) => {
          const mod = await import(/* @vite-ignore */ file.file);
          const params = Object.fromEntries(file.params.map((p) => [p, p === "id" && file.urlPattern.startsWith("/api/staff") ? crypto.randomUUID() : "ana-souza"]));
          return h.call(mod, method, file.urlPattern, { params, cookie, headers: { origin: APP_URL }, body: method === "GET" ? undefined : {} });
        };
        if (role === "metrics-token") {
          // The token's own cases are in lib/metrics/metrics-route.test.ts; here METRICS_TOKEN is unset.
          it("is not there without METRICS_TOKEN, even for an admin", async () => {
            for (const response of [await send(), await send(cookies.admin)]) {
              expect(response.status).toBe(404);
              expect(await response.json()).toMatchObject({ error: { code: "ERR_NOT_FOUND" } });
            }
          });
          return;
        }
        if (role === "public") {
          it("answers without a session", async () => expect((await send()).status).toBeLessThan(400));
          return;
        }
        it("answers 401 JSON without a session", async () => {
          const response = await send();
          expect(response.status).toBe(401);
          expect(await response.json()).toMatchObject({ error: { code: "ERR_UNAUTHORIZED" } });
        });
        it(role === "admin" ? "answers 403 naming the role to a moderator" : "lets a moderator through", async () => {
          const response = await send(cookies.moderator);
          if (role === "admin") {
            expect(response.status).toBe(403);
            expect(await response.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("admin") } });
          } else {
            expect([401, 403]).not.toContain(response.status);
          }
        });
        it("lets an admin through", async () => {
          expect([401, 403]).not.toContain((await send(cookies.admin)).status);
        });
      });
    }
  }
});
