import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { E2E } from "./support/e2e-config";

/** The chat-service key the dashboard uses must never reach a browser. */
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
  const leaking = files.filter((file) => readFileSync(file).includes(EMULATOR_DEMO_API_KEY));
  expect(leaking).toEqual([]);
});

test.describe("as an admin", () => {
  test.use({ storageState: E2E.storage.admin });

  test("the key is in no page and no API response", async ({ page }) => {
    const bodies: { url: string; body: string }[] = [];
    page.on("response", async (response) => {
      const body = await response.text().catch(() => "");
      bodies.push({ url: response.url(), body });
    });
    for (const path of ["/", "/users", "/users/ana-souza", "/admin/api-keys", "/admin/audit", "/admin/staff", "/account"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    for (const api of ["/api/apikeys", "/api/apikeys?scope=fullAccess", "/api/moderation/flagged-messages", "/api/users/ana-souza", "/api/health"]) {
      const response = await page.request.get(api);
      bodies.push({ url: api, body: await response.text() });
    }
    expect(bodies.length).toBeGreaterThan(10);
    expect(bodies.filter((b) => b.body.includes(EMULATOR_DEMO_API_KEY)).map((b) => b.url)).toEqual([]);
  });
});
