import { expect, test } from "./support/fixtures";
import { keyRefusalHealthMessage } from "../lib/chat/key-refusal";
import { EMULATOR_AUTH_ONLY_API_KEY } from "../lib/emulator/keys";
import { E2E } from "./support/e2e-config";
import { extraPort, startStaffedDashboard } from "./support/staffed-dashboard";

/**
 * A dashboard configured with a key the chat service refuses (unknown, or authOnly) says so in
 * its header at once, before any moderator's action fails; /api/health says the same, without
 * the key.
 */
const PORT = extraPort(2);
const KEYS = [
  { label: "an unknown key", key: "not-a-key-of-this-app-0000", refusal: "rejected" },
  { label: "an authOnly key", key: EMULATOR_AUTH_ONLY_API_KEY, refusal: "scope" },
] as const;

test.describe("a refused chat-service key", () => {
  for (const { label, key, refusal } of KEYS) {
    test(`with ${label}, the header warns of a configuration problem with CHAT_API_KEY`, async ({ browser }) => {
      test.setTimeout(90_000);
      const dashboard = await startStaffedDashboard(PORT, "health", {
        CHAT_API_KEY: key,
        CHAT_BASE_URL: `${E2E.emulatorUrl}/v3`,
        AUTH_SECRET: "health-test-secret-0123456789abcdefghij",
      });
      try {
        const { storageState } = await dashboard.signIn();
        const health = await (await fetch(`${dashboard.url}/api/health`)).text();
        expect(JSON.parse(health)).toMatchObject({ status: "degraded", database: { ok: true }, chatService: { ok: false, status: "key_rejected" } });
        expect(health).not.toContain(key);

        const context = await browser.newContext({ baseURL: dashboard.url, storageState });
        const page = await context.newPage();
        await page.goto("/users/ana-souza");
        await expect(page.getByRole("banner").getByRole("alert")).toHaveText(keyRefusalHealthMessage(refusal));
        await expect(page.getByRole("main").getByRole("alert")).toContainText("The user ana-souza could not be loaded.", { timeout: 15_000 });
        await context.close();
      } finally {
        await dashboard.stop();
      }
    });
  }
});
