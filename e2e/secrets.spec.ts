import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CONFIGURED_KEY } from "./support/configured-key";
import { E2E } from "./support/e2e-config";
import { expect, responsesChecked, test } from "./support/fixtures";
import { waitForReady } from "./support/ready";

/**
 * The chat-service key the dashboard uses must never reach a browser. Every test of the suite runs
 * under the fixture that checks each response (support/fixtures.ts), and the global teardown checks
 * the server's output; these tests cover the bundle, every page and API route at least once, and the
 * watch itself.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test("the key is nowhere in the client bundle", () => {
  const staticDir = path.resolve(process.env.NEXT_DIST_DIR || ".next", "static");
  const files = filesUnder(staticDir);
  expect(files.length).toBeGreaterThan(10);
  const leaking = files.filter((file) => readFileSync(file).includes(CONFIGURED_KEY));
  expect(leaking).toEqual([]);
});

test.describe("as an admin", () => {
  test.use({ storageState: E2E.storage.admin });

  test("every page and every API read is checked and free of the key", async ({ page }) => {
    // Eleven full page loads, each waited for.
    test.setTimeout(90_000);
    for (const path of ["/", "/users", "/users/ana-souza", "/users/mallory", "/users/deactivate", "/admin/api-keys", "/admin/audit", "/admin/staff", "/account", "/sign-in", "/no-such-page"]) {
      await page.goto(path);
      await waitForReady(page);
    }
    for (const api of [
      "/api/apikeys",
      "/api/apikeys?scope=fullAccess",
      "/api/apikeys/summary",
      "/api/moderation/flagged-messages",
      "/api/review/queue",
      "/api/users/ana-souza",
      "/api/users/ana-souza/context",
      "/api/me/recent-users",
      "/api/audit",
      "/api/audit/stats",
      "/api/audit/export",
      "/api/staff",
      "/api/health",
    ]) {
      expect((await page.request.get(api)).status(), api).toBeLessThan(500);
    }
    expect(responsesChecked()).toBeGreaterThan(30);
  });

  test("the watch fails a test when a response holds the key", async ({ page }) => {
    test.fail(true, "a response carrying the key must fail the test that received it");
    await page.route("**/planted-leak", (route) => route.fulfill({ contentType: "text/plain", body: `key: ${CONFIGURED_KEY}` }));
    await page.goto("/account");
    // Fetched by the page, not navigated to: a navigation's body may be gone before the watch reads it.
    expect(await page.evaluate(async () => (await fetch("/planted-leak")).text())).toContain("key: ");
  });
});
