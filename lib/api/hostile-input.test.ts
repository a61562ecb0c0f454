import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { routeFiles } from "@/lib/testing/route-table";
import { DEFAULT_MAX_BODY_BYTES } from "./read-body";

/**
 * Hostile input against every route of the dashboard's API, generated from one table of valid
 * requests: each case changes one thing of a valid request and must get a 400 (413, 415) naming
 * what is wrong, while the chat service receives no request at all.
 */

type Json = Record<string, unknown>;
/** `nullable`: body fields for which null is itself a valid value (not a hostile case). */
type ValidRequest = { method: string; params?: Record<string, string>; query?: Record<string, string>; body?: Json; nullable?: string[] };

/** One valid request per method of every route file (better-auth's own endpoints excepted). */
const validRequests: Record<string, ValidRequest[]> = {
  // Wrong passwords: the valid requests must not change the admin's own account mid-run.
  "/api/account/password": [{ method: "PUT", body: { currentPassword: "not-the-password", newPassword: "long-enough-1" } }],
  "/api/account/recovery-codes": [{ method: "POST", body: { password: "not-the-password" } }],
  "/api/account/two-factor": [{ method: "DELETE", body: { password: "not-the-password" } }],
  "/api/apikeys": [{ method: "GET", query: { scope: "fullAccess", search: "demo" } }],
  "/api/apikeys/[id]/reveal": [{ method: "POST", params: { id: "0123456789abcdef" }, body: { purpose: "reveal" } }],
  "/api/apikeys/summary": [{ method: "GET" }],
  "/api/audit": [{ method: "GET", query: { staff: "someone", outcome: "success", from: "2025-01-01", limit: "10" } }],
  "/api/audit/export": [{ method: "GET", query: { outcome: "failure", to: "2025-01-31" } }],
  "/api/audit/stats": [{ method: "GET", query: { action: "message.pin", uid: "ana-souza" } }],
  "/api/deactivation-requests": [{ method: "GET", query: { uid: "ana-souza" } }],
  "/api/deactivation-requests/[id]": [{ method: "POST", params: { id: "1" }, body: { decision: "approve", note: "checked" } }],
  "/api/floor": [{ method: "GET" }],
  "/api/groups/[guid]/messages": [{ method: "GET", params: { guid: "hiking-club" }, query: { around: "10001" } }],
  "/api/me/presence": [{ method: "POST", body: { password: PASSWORD } }],
  "/api/me/preferences": [
    { method: "GET" },
    {
      method: "PATCH",
      body: { mediaBlur: 12, mediaGreyscale: true, mediaAutoplay: false, breakReminderMinutes: 60 },
      nullable: ["mediaBlur", "mediaGreyscale", "mediaAutoplay", "breakReminderMinutes"],
    },
  ],
  "/api/me/recent-users": [{ method: "GET" }],
  "/api/media/[id]/[index]": [{ method: "GET", params: { id: "no-such-message", index: "0" }, query: { download: "1" } }],
  "/api/media/avatar": [{ method: "GET", query: { url: "https://media.invalid/avatar.png" } }],
  "/api/messages/[id]/pin": [{ method: "POST", params: { id: "no-such-message" } }],
  "/api/metrics": [{ method: "GET" }],
  "/api/moderation/flagged-messages": [{ method: "GET" }],
  "/api/oversight/health": [{ method: "GET", query: { days: "30" } }],
  "/api/oversight/health/export": [{ method: "GET", query: { table: "daily", days: "7" } }],
  "/api/policies": [{ method: "GET" }, { method: "POST", body: { name: "Hostile input check", severity: 2, strikeWeight: 1, ground: "terms_of_service" } }],
  "/api/policies/[id]": [{ method: "PATCH", params: { id: "99999" }, body: { description: "checked" } }],
  "/api/policies/reason-map": [{ method: "GET" }, { method: "PUT", body: { map: { spam: 1 } } }],
  "/api/protected-users": [{ method: "GET" }, { method: "POST", body: { uid: "nobody-here", note: "board member" } }],
  "/api/protected-users/[uid]": [{ method: "DELETE", params: { uid: "nobody-here" } }],
  "/api/quality/disputes": [{ method: "GET" }],
  "/api/quality/disputes/[id]": [{ method: "POST", params: { id: "1" }, body: { decision: "resolved", note: "checked" } }],
  "/api/quality/reviews/[id]": [{ method: "POST", params: { id: "1" }, body: { decision: "dismissed", note: "checked" } }],
  "/api/quality/reviews/next": [{ method: "GET" }],
  "/api/settings": [{ method: "GET" }, { method: "PATCH", body: { strikeExpiryDays: 90 } }],
  "/api/transparency/export": [{ method: "GET", query: { from: "2026-01-01", to: "2026-01-31", format: "jsonl" } }],
  "/api/transparency/summary": [{ method: "GET", query: { from: "2026-01-01", to: "2026-01-31" } }],
  "/api/review/bulk": [{ method: "POST", body: { action: "resolve", ids: ["no-such-item"], note: "checked", versions: { "no-such-item": 1 } } }],
  "/api/review/bulk-jobs": [{ method: "POST", body: { action: "resolve", view: "?q=nothing-matches-this", note: "checked" } }],
  "/api/review/bulk-jobs/[id]": [
    { method: "GET", params: { id: "1" } },
    { method: "DELETE", params: { id: "1" } },
  ],
  "/api/review/counts": [{ method: "GET" }],
  "/api/review/deactivate-senders": [{ method: "POST", body: { ids: ["no-such-item"], versions: { "no-such-item": 1 }, policyId: 1, note: "spam wave" } }],
  "/api/review/items/[id]": [{ method: "POST", params: { id: "no-such-item" }, body: { action: "claim", note: "mine", version: 1, takeover: false } }],
  "/api/review/items/[id]/notes": [{ method: "POST", params: { id: "no-such-item" }, body: { body: "a note" } }],
  "/api/review/presence": [{ method: "POST", body: { itemId: "no-such-item" }, nullable: ["itemId"] }],
  "/api/review/queue": [{ method: "GET", query: { state: "all", sort: "oldest", q: "spam", limit: "20" } }],
  "/api/review/queue/summary": [{ method: "GET", query: { reason: "spam" } }],
  "/api/review/reporters": [{ method: "GET" }],
  "/api/review/reporters/[uid]/mute": [
    // The note is optional, so an empty body is a valid mute: the body's hostile cases are in lib/reporters/server/reporter-mutes.test.ts.
    { method: "POST", params: { uid: "no-such-reporter" } },
    { method: "DELETE", params: { uid: "no-such-reporter" } },
  ],
  "/api/review/undo/[id]": [{ method: "POST", params: { id: "1" } }],
  "/api/review/views": [{ method: "GET" }, { method: "POST", body: { name: "Spam, oldest first", shared: true, view: { sort: "oldest", reason: "spam" } } }],
  "/api/review/views/[id]": [
    { method: "PATCH", params: { id: "1" }, body: { name: "Renamed", shared: false } },
    { method: "DELETE", params: { id: "1" } },
  ],
  "/api/review/views/counts": [{ method: "GET" }],
  "/api/staff": [{ method: "GET" }, { method: "POST", body: { email: "new-staff@test.example", name: "New", role: "moderator", password: "long-enough-1" } }],
  "/api/staff/[id]": [{ method: "PATCH", params: { id: "00000000-0000-4000-8000-000000000000" }, body: { role: "moderator", disabled: false } }],
  "/api/staff/[id]/password": [{ method: "PUT", params: { id: "00000000-0000-4000-8000-000000000000" }, body: { password: null }, nullable: ["password"] }],
  "/api/staff/[id]/two-factor": [{ method: "DELETE", params: { id: "00000000-0000-4000-8000-000000000000" } }],
  "/api/staff/[id]/sign-in-delay": [{ method: "DELETE", params: { id: "00000000-0000-4000-8000-000000000000" } }],
  "/api/staff/directory": [{ method: "GET" }],
  "/api/staff/sign-in-delays": [{ method: "GET" }],
  "/api/users": [
    { method: "GET", query: { searchKey: "ana" } },
    { method: "DELETE", body: { uidsToDeactivate: ["nobody-here"], policyId: 1, note: "spam wave" } },
    { method: "PUT", body: { uidsToActivate: ["nobody-here"] } },
  ],
  "/api/users/[uid]": [{ method: "GET", params: { uid: "ana-souza" } }],
  "/api/users/[uid]/auth_tokens/[authToken]": [
    { method: "PUT", params: { uid: "ana-souza", authToken: "ana-souza_0a1b2c" }, body: { platform: "ios", userAgent: "app", appInfo: { version: "1" } } },
  ],
  "/api/users/[uid]/context": [{ method: "GET", params: { uid: "ana-souza" } }],
  "/api/users/[uid]/strikes": [{ method: "GET", params: { uid: "ana-souza" } }],
  "/api/users/[uid]/protection": [{ method: "GET", params: { uid: "ana-souza" } }],
  "/api/users/[uid]/messages": [{ method: "GET", params: { uid: "ana-souza" }, query: { with: "kenji-watanabe", around: "10001" } }],
  "/api/users/[uid]/friends": [{ method: "POST", params: { uid: "ana-souza" }, body: { accepted: ["nobody-here"], addToConversations: false } }],
};
/**
 * better-auth's endpoints are its own. /api/health takes no input, and its background checks call
 * the chat service on their own schedule, so "nothing went upstream" cannot be read around it; the
 * events stream likewise takes no input and, while open, refreshes the queue from the chat service
 * on its own schedule. The no-query rule they share is the wrapper's, exercised by the other routes
 * without input.
 */
const NOT_HERE = new Set(["/api/auth/[...all]", "/api/health", "/api/review/events"]);

/** Path segments (and the onBehalfOf header) built to leave their segment or to break a path. */
const escapingIds: [string, string][] = [
  ["a parent path", "../apikeys"],
  ["a deeper parent path", "a/../../apikeys"],
  ["a dot-segment", ".."],
  ["a single dot", "."],
  ["an encoded slash", "a%2Fb"],
  ["a slash", "a/b"],
  ["a query", "x?admin=1"],
  ["a fragment", "x#y"],
  ["a backslash", "a\\..\\b"],
  ["a NUL", "a\u0000b"],
  ["a newline", "a\r\nb"],
  ["an empty id", ""],
  ["a very long id", "x".repeat(5000)],
];

/** JSON text with `depth` nested arrays at one field (written as text: JSON.stringify itself overflows the stack on it). */
const nestedAt = (body: Json, field: string, depth: number) => JSON.stringify({ ...body, [field]: "\u0000" }).replace('"\\u0000"', "[".repeat(depth) + "]".repeat(depth));

type Case = { name: string; expectStatus: number; expectMessage?: RegExp; request: ValidRequest & { rawBody?: BodyInit; headers?: Record<string, string> } };

/** The ways one valid request is made hostile. */
function casesFor(valid: ValidRequest, takesQuery: boolean): Case[] {
  const cases: Case[] = [];
  const add = (name: string, expectStatus: number, expectMessage: RegExp | undefined, change: Partial<Case["request"]>) =>
    cases.push({ name, expectStatus, expectMessage, request: { ...valid, ...change } });

  for (const param of Object.keys(valid.params ?? {})) {
    for (const [label, value] of escapingIds) add(`path ${param}: ${label}`, 400, new RegExp(`path\\.${param}`), { params: { ...valid.params, [param]: value } });
  }

  if (takesQuery) {
    add("an unknown query parameter", 400, /query: .*"injected"/, { query: { ...valid.query, injected: "1" } });
    for (const key of Object.keys(valid.query ?? {})) {
      add(`a huge query ${key}`, 400, new RegExp(`query\\.${key}`), { query: { ...valid.query, [key]: "x".repeat(10_000) } });
    }
  } else if (valid.method === "GET") {
    add("a query on a route that takes none", 400, /query: .*"injected"/, { query: { injected: "1" } });
  }

  const body = valid.body;
  if (body === undefined) return cases;
  const json = { "content-type": "application/json" };
  add("an unknown body field", 400, /body: .*"injected"/, { body: { ...body, injected: true } });
  add("an empty object", 400, /body/, { body: {} });
  add("an array instead of an object", 400, /body/, { body: [body] as unknown as Json });
  add("a string instead of an object", 400, /body/, { body: "x" as unknown as Json });
  for (const [field, value] of Object.entries(body)) {
    add(`body ${field} of the wrong type`, 400, new RegExp(`body\\.${field}`), { body: { ...body, [field]: typeof value === "number" ? "1" : 12345 } });
    if (!valid.nullable?.includes(field)) add(`body ${field} as null`, 400, new RegExp(`body\\.${field}`), { body: { ...body, [field]: null } });
    add(`body ${field} nested 10,000 levels deep`, 400, /nested more than/, { body: undefined, rawBody: nestedAt(body, field, 10_000), headers: json });
    if (typeof value === "string") {
      add(`a huge body ${field}`, 400, new RegExp(`body\\.${field}`), { body: { ...body, [field]: "x".repeat(60_000) } });
    }
    if (Array.isArray(value)) {
      add(`a huge array in body ${field}`, 400, new RegExp(`body\\.${field}`), { body: { ...body, [field]: Array.from({ length: 5000 }, (_, i) => `u${i}`) } });
      add(`a huge string inside body ${field}`, 400, new RegExp(`body\\.${field}\\.0`), { body: { ...body, [field]: ["x".repeat(60_000)] } });
      for (const [label, id] of escapingIds) add(`an id in body ${field}: ${label}`, 400, new RegExp(`body\\.${field}\\.0`), { body: { ...body, [field]: [id] } });
    }
  }
  add("a body nested 30,000 levels deep", 400, /nested more than/, { body: undefined, rawBody: "[".repeat(30_000) + "]".repeat(30_000), headers: json });
  add("invalid UTF-8", 400, /UTF-8/, { body: undefined, rawBody: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), headers: json });
  add("a lone surrogate encoded in UTF-8 (CESU)", 400, /UTF-8/, { body: undefined, rawBody: new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]), headers: json });
  add("a body that is not JSON", 400, /not valid JSON/, { body: undefined, rawBody: "{'single': quotes}", headers: json });
  add("an empty body", 400, /empty/, { body: undefined, rawBody: "", headers: json });
  add("a body larger than the limit", 413, /larger than/, { body: { ...body, padding: "x".repeat(DEFAULT_MAX_BODY_BYTES) } });
  add("a body declared larger than the limit", 413, /larger than/, { body: undefined, rawBody: "{}", headers: { ...json, "content-length": String(10 * 1024 * 1024) } });
  add("a body that is not declared JSON", 415, /JSON/, { body: undefined, rawBody: JSON.stringify(body), headers: { "content-type": "text/plain" } });
  return cases;
}

let h: Harness;
let admin: string;
const modules = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  h = await startHarness();
  admin = await h.cookieFor("admin");
});
afterAll(async () => h.close());

async function send(file: string, request: Case["request"]): Promise<Response> {
  const mod = modules.get(file) ?? ((await import(/* @vite-ignore */ file)) as Record<string, unknown>);
  modules.set(file, mod);
  return h.call(mod as Parameters<Harness["call"]>[0], request.method, "/api/hostile", {
    cookie: admin,
    params: request.params,
    query: request.query,
    body: request.body,
    rawBody: request.rawBody,
    headers: { origin: APP_URL, ...request.headers },
  });
}

describe("hostile input to every route", () => {
  const files = routeFiles().filter((f) => !NOT_HERE.has(f.urlPattern));

  it("has a valid request for every method of every route file", async () => {
    const listed = Object.entries(validRequests).flatMap(([pattern, requests]) => requests.map((r) => `${r.method} ${pattern}`));
    const exported: string[] = [];
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ file.file)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) if (typeof mod[method] === "function") exported.push(`${method} ${file.urlPattern}`);
    }
    expect(listed.sort()).toEqual(exported.sort());
  });

  for (const file of files) {
    for (const valid of validRequests[file.urlPattern] ?? []) {
      describe(`${valid.method} ${file.urlPattern}`, () => {
        it("accepts the valid request the cases start from", async () => {
          const response = await send(file.file, valid);
          expect([400, 413, 415]).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        });

        const takesQuery = valid.query !== undefined;
        for (const c of casesFor(valid, takesQuery)) {
          it(`refuses ${c.name} with ${c.expectStatus}, sending nothing upstream`, async () => {
            const before = await h.upstreamRequests();
            const response = await send(file.file, c.request);
            const body = (await response.json()) as { error?: { code: string; message: string } };
            expect({ status: response.status, message: body.error?.message }).toMatchObject({ status: c.expectStatus, message: expect.stringMatching(c.expectMessage ?? /./) });
            expect(await h.upstreamRequests()).toBe(before);
          });
        }
      });
    }
  }

  describe("POST /api/messages/[id]/pin header onBehalfOf", () => {
    const pin = files.find((f) => f.urlPattern === "/api/messages/[id]/pin");
    // Header values cannot carry NUL or CR/LF at all (Headers refuses them), so those are left out.
    for (const [label, value] of escapingIds.filter(([, v]) => v !== "" && !/[\u0000\r\n]/.test(v))) {
      it(`refuses ${label} as the UID to act as`, async () => {
        const before = await h.upstreamRequests();
        const response = await send(pin?.file ?? "", { method: "POST", params: { id: "1" }, headers: { onBehalfOf: value } });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/header onBehalfOf/);
        expect(await h.upstreamRequests()).toBe(before);
      });
    }
  });
});
