import { describe, expect, it } from "vitest";
import { API_ROUTES } from "./api-routes";
import { EMULATOR_AUTH_ONLY_API_KEY } from "./keys";
import { setupEmulator, type ErrorBody } from "./setup-emulator";

const { api, control, rawGet, emulator } = setupEmulator();

/**
 * Every route of the emulator (the operations table's endpoints, plus flagging), each `:param`
 * filled in. The key is checked before the body is read, so none is sent.
 */
const ROUTES = API_ROUTES.map((route) => ({ ...route, url: route.segments.map((segment) => (segment.startsWith(":") ? "/ana-souza" : `/${segment}`)).join("") }));

describe("API key", () => {
  for (const { key: route, url, method, handle } of ROUTES) {
    it(`${route}: 401 AUTH_ERR_EMPTY_APIKEY without a key, AUTH_ERR_APIKEY_NOT_FOUND with an unknown key`, async () => {
      for (const [key, code] of [
        [null, "AUTH_ERR_EMPTY_APIKEY"],
        ["0".repeat(40), "AUTH_ERR_APIKEY_NOT_FOUND"],
      ] as const) {
        const reply = await api<ErrorBody>(method, url, { key, headers: { onBehalfOf: "kenji-watanabe" } });
        expect(reply.status).toBe(401);
        expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
        expect(reply.body.error.code).toBe(code);
        expect(reply.body.error.message.length).toBeGreaterThan(0);
      }
    });

    if (handle.scope === "fullAccess") {
      it(`${route}: 403 AUTH_ERR_NO_ACCESS with an authOnly key`, async () => {
        const reply = await api<ErrorBody>(method, url, { key: EMULATOR_AUTH_ONLY_API_KEY, headers: { onBehalfOf: "kenji-watanabe" } });
        expect(reply.status).toBe(403);
        expect(reply.body.error.code).toBe("AUTH_ERR_NO_ACCESS");
        expect(reply.body.error.message).toMatch(/authOnly scope and may not/);
      });
    }
  }

  it("does not accept the key in another header or in the query", async () => {
    expect((await api("GET", "/users/ana-souza", { key: null, headers: { authorization: "Bearer 3f9a1c7e5b2d4086a1e3c5f7092b4d6e8a0c2e4f" } })).status).toBe(401);
    expect((await api("GET", "/users/ana-souza?apikey=3f9a1c7e5b2d4086a1e3c5f7092b4d6e8a0c2e4f", { key: null })).status).toBe(401);
  });

  it("leaves the data alone when the key is refused", async () => {
    await api("DELETE", "/users", { key: EMULATOR_AUTH_ONLY_API_KEY, body: { uidsToDeactivate: ["ana-souza"] } });
    const reply = await api<{ data: { deactivatedUids: string[] } }>("DELETE", "/users", { body: { uidsToDeactivate: ["ana-souza"] } });
    expect(reply.body.data.deactivatedUids).toEqual(["ana-souza"]);
  });
});

describe("routing and errors", () => {
  it("answers an unknown route with 404 ERR_API_NOT_FOUND as JSON", async () => {
    for (const [method, path] of [["GET", "/nope"], ["PATCH", "/users/ana-souza"], ["GET", "/users/ana-souza/extra"], ["GET", "/users/"], ["GET", ""]]) {
      const reply = await api<ErrorBody>(method ?? "GET", path ?? "");
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
      expect(reply.body.error.code).toBe("ERR_API_NOT_FOUND");
    }
  });

  it("answers outside /v3 and /__emulator with 404 ERR_API_NOT_FOUND", async () => {
    for (const path of ["/", "/v2/users/ana-souza", "/v3x/users/ana-souza", "/__emulator/nope"]) {
      const response = await fetch(`${emulator().url}${path}`, { headers: { apikey: "3f9a1c7e5b2d4086a1e3c5f7092b4d6e8a0c2e4f" } });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("ERR_API_NOT_FOUND");
    }
  });

  it("decodes each path segment once: a%2Fb is the single uid a/b, a raw a/b is another route", async () => {
    const encoded = await api<ErrorBody>("GET", "/users/a%2Fb");
    expect(encoded.status).toBe(404);
    expect(encoded.body.error).toMatchObject({ code: "ERR_UID_NOT_FOUND", message: "The UID a/b does not exist." });
    const raw = await api<ErrorBody>("GET", "/users/a/b");
    expect(raw.body.error.code).toBe("ERR_API_NOT_FOUND");
    const stats = await control<{ requests: { byRoute: Record<string, number> } }>("stats", undefined, "GET");
    expect(stats.requests.byRoute["GET /users/:uid"]).toBe(1);
  });

  it("reads percent-encoded uids with spaces and non-Latin characters", async () => {
    const space = await api<{ data: { uid: string } }>("GET", `/users/${encodeURIComponent("user with space")}`);
    expect(space.body.data.uid).toBe("user with space");
    const chinese = await api<{ data: { uid: string } }>("GET", `/users/${encodeURIComponent("用户-42")}`);
    expect(chinese.body.data.uid).toBe("用户-42");
    const dots = await rawGet("/v3/users/%2E%2E");
    expect(dots).toMatchObject({ status: 404, body: { error: { code: "ERR_UID_NOT_FOUND", message: "The UID .. does not exist." } } });
  });

  it("refuses a malformed percent-encoding with 400", async () => {
    const reply = await api<ErrorBody>("GET", "/users/%E0%A4%A");
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe("ERR_BAD_REQUEST");
  });

  it("refuses a body that is not JSON with 400 ERR_BAD_REQUEST", async () => {
    const reply = await api<ErrorBody>("DELETE", "/users", { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", message: "The request body is not valid JSON." });
  });

  it("refuses wrong body field types with 400 naming the field", async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ["DELETE", "/users", { uidsToDeactivate: "ana-souza" }, /uidsToDeactivate/],
      ["DELETE", "/users", { uidsToDeactivate: [1] }, /uidsToDeactivate\.0/],
      ["DELETE", "/users", [], /body/],
      ["POST", "/users/ana-souza/friends", { accepted: ["kenji-watanabe"], addToConversations: "yes" }, /addToConversations/],
      ["POST", "/users/ana-souza/friends", {}, /accepted/],
      ["PUT", "/users/ana-souza/auth_tokens/t", { platform: 7 }, /platform/],
      ["PUT", "/users/ana-souza/auth_tokens/t", { appInfo: "x" }, /appInfo/],
      ["PUT", "/users/ana-souza/auth_tokens/t", "just a string", /body/],
      ["POST", "/messages/10001/flagged", { reasonId: "boredom" }, /reasonId/],
    ];
    for (const [method, path, body, field] of cases) {
      const reply = await api<ErrorBody>(method, path, { body, headers: { onBehalfOf: "kenji-watanabe" } });
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body.error.code).toBe("ERR_BAD_REQUEST");
      expect(reply.body.error.message).toMatch(field);
    }
  });

  it("refuses a body larger than 1 MiB with 413", async () => {
    const reply = await api<ErrorBody>("DELETE", "/users", { body: { uidsToDeactivate: ["x".repeat(1_100_000)] } });
    expect(reply.status).toBe(413);
    expect(reply.body.error.code).toBe("ERR_PAYLOAD_TOO_LARGE");
  });
});
