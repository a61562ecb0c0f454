import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/support/e2e-config";
import { installedChromium } from "./lib/cli/ensure-chromium";

/**
 * Browser tests against the built dashboard and the bundled emulator, both started by `npm start`
 * on a new embedded database (a copy of a migrated template, lib/testing/database-template.ts).
 * One worker: the tests share the emulator's state and reset it.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: E2E.outputDir,
  // Several instances on one database need a PostgreSQL server (CI sets DATABASE_URL).
  testIgnore: process.env.DATABASE_URL ? [] : ["**/multi-instance.spec.ts"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // A test's time is not what it checks (speed has its own budgets, npm run bench): under the two
  // shards' load a full page load waits up to 30 s to be ready (e2e/support/ready.ts), so a test
  // with a few of them gets 60 s, to fail only when something is wrong.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The HTML report holds the layout suite's screenshots of every page outside CI (e2e/layout.spec.ts).
  reporter: [["list"], ["json"], ["html", { open: "never", outputFolder: path.join(E2E.outputDir, "..", `playwright-report-${new URL(E2E.appUrl).port}`) }]],
  globalSetup: "./e2e/support/global-setup.ts",
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL: E2E.appUrl,
    // A trace's screencast made the browser encode a frame at every paint: a queue load cost 8.5 s of
    // processor instead of 4.4 with the DOM snapshots alone, which show the page just as well. In CI
    // no trace at all (E2E.recordsArtifacts): 2-9 % of the browser tests' processor time.
    // `--trace retain-on-failure` records one anywhere.
    trace: E2E.recordsArtifacts ? { mode: "retain-on-failure", screenshots: false } : "off",
    launchOptions: {
      executablePath: installedChromium() ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // npm start, with its output also kept for the global teardown's check for the key.
    command: "node node_modules/tsx/dist/cli.mjs e2e/support/web-server.ts",
    url: `${E2E.appUrl}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: E2E.serverEnv,
  },
});
