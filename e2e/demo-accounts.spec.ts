import { statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { startServerProcess, type ServerProcess } from "../lib/testing/server-process";
import { startDashboard } from "./support/dashboard-process";
import { E2E } from "./support/e2e-config";
import { submitSignIn } from "./support/sign-in";
import { extraPort } from "./support/staffed-dashboard";

/**
 * `npm start` in demo mode, twice on one data directory: both times the demo accounts and their
 * (generated) password come after the server's ready line, and the sign-in page shows them; the
 * same data directory with a real key shows no demo accounts.
 */
const PORT = extraPort(6);
const EMULATOR_PORT = Number(new URL(E2E.emulatorUrl).port) + 6;
const url = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve(`.data/e2e-demo-${PORT}-${Date.now()}`);

function npmStart(): Promise<ServerProcess> {
  return startServerProcess(
    // tsx as a loader, not its CLI: one process to stop, which stops the server it started.
    ["--conditions=react-server", "--import", "tsx", "lib/cli/start.ts"],
    // No DEMO_PASSWORD: the password is generated, as on a first `npm start`.
    { ...process.env, ...E2E.serverEnv, PORT: String(PORT), APP_URL: url, EMULATOR_PORT: String(EMULATOR_PORT), DATA_DIR: dataDir, DEMO_PASSWORD: "" },
    `${url}/api/health`,
    { outputLimit: Number.POSITIVE_INFINITY },
  );
}

/** Stops a start and waits until its port is free, so the next one can take it. */
async function stopped(server: ServerProcess): Promise<void> {
  await server.stop();
  await expect.poll(() => fetch(`${url}/api/health`).then(() => "answers", () => "free"), { timeout: 15_000 }).toBe("free");
}

/** The password printed after the server's ready line (undefined until it is). */
function printedPassword(output: string): string | undefined {
  const ready = output.indexOf(`Ready on port ${PORT}`);
  if (ready < 0) return undefined;
  const after = output.slice(ready);
  const admin = /admin@example\.com \(admin\)\s+password: (\S+)/.exec(after)?.[1];
  const moderator = /moderator@example\.com \(moderator\)\s+password: (\S+)/.exec(after)?.[1];
  return admin && admin === moderator ? admin : undefined;
}

test("npm start shows the demo accounts after the server is ready on every start, and the sign-in page shows them only with the emulator", async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await npmStart();
  let password: string | undefined;
  try {
    await expect.poll(() => printedPassword(first.output()), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9_-]{16}$/);
    password = printedPassword(first.output());
    // Every route's code is in before the port opens (lib/cli/serve.ts): a Next without the way to wait for it shows here.
    const loaded = first.output().indexOf("Routes loaded in ");
    expect(loaded).toBeGreaterThan(-1);
    expect(loaded).toBeLessThan(first.output().indexOf(`Ready on port ${PORT}`));
    expect(statSync(path.join(dataDir, "demo-password")).mode & 0o777).toBe(0o600);

    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await page.goto("/sign-in");
    const demo = page.getByRole("region", { name: "Demo: local emulator" });
    await expect(demo.getByRole("definition")).toHaveText(["admin@example.com", "moderator@example.com", password ?? ""]);
    await submitSignIn(page, "admin@example.com", password ?? "");
    // The server just started: its first sign-in and first queue page load their code and warm the
    // password hash, which under the other shard's load took longer than the usual 7 s.
    await expect(page.getByRole("banner").getByText("admin@example.com")).toBeVisible({ timeout: 20_000 });
    await context.close();
  } finally {
    await stopped(first);
  }

  const second = await npmStart();
  try {
    await expect.poll(() => printedPassword(second.output()), { timeout: 30_000 }).toBe(password);
  } finally {
    await stopped(second);
  }

  const withKey = await startDashboard(PORT, { DATA_DIR: dataDir, CHAT_API_KEY: EMULATOR_DEMO_API_KEY, AUTH_SECRET: "demo-test-secret-0123456789abcdefghijk" });
  try {
    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Moderation dashboard" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo: local emulator" })).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain(password ?? "no password");
    expect(html).not.toContain("admin@example.com");
    await context.close();
  } finally {
    await withKey.stop();
  }
});
