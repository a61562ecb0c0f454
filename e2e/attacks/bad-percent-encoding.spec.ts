import { E2E } from "../support/e2e-config";
import { expect, test } from "../support/fixtures";

/**
 * Issue 19 (Low): a path with a percent-encoding that does not decode made Next answer a bare
 * 500 text/plain before the route's own checks ran. It is a bad request like any other: a JSON 400
 * naming the path, signed in or not.
 */
const BAD_PATHS = ["/api/users/%E0%A4%A", "/api/users/%ZZ", "/api/review/items/%C3%28/notes", "/api/users/ana-souza/context%"];

test.describe("an invalid percent-encoding in the path", () => {
  for (const path of BAD_PATHS) {
    test(`answers a JSON 400 for ${path} without a session`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(400);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({ error: { code: "ERR_BAD_REQUEST", message: expect.stringContaining("percent-encoding") } });
    });
  }

  test.describe("signed in", () => {
    test.use({ storageState: E2E.storage.moderator });

    test("answers the same 400 to a moderator's write, and still serves a well-encoded path", async ({ request }) => {
      const bad = await request.delete("/api/users/%E0%A4%A/friends", { headers: { origin: E2E.appUrl }, data: { friends: ["x"] } });
      expect(bad.status()).toBe(400);
      expect((await bad.json()).error.code).toBe("ERR_BAD_REQUEST");
      const good = await request.get("/api/users/ana%2Dsouza");
      expect(good.status()).toBe(200);
    });
  });
});
