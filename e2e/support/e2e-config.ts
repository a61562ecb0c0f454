import path from "node:path";

// Separate ports let several test runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
const runId = `${Date.now()}`;

/** Settings shared by the Playwright config, its global setup and the tests. */
export const E2E = {
  appUrl: `http://127.0.0.1:${port}`,
  emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
  password: "e2e-demo-password",
  admin: "admin@example.com",
  moderator: "moderator@example.com",
  // Outside Playwright's output folder, which it empties at the start of a run.
  storage: { admin: path.resolve(`.data/e2e-auth-${port}/admin.json`), moderator: path.resolve(`.data/e2e-auth-${port}/moderator.json`) },
  outputDir: path.resolve(`test-results/playwright-${port}`),
  // CI keeps only the log: a failure's trace and the layout suite's screenshots are recorded only
  // where a person reads the HTML report (docs/performance.md measures what each costs).
  recordsArtifacts: !process.env.CI,
  // The web server's output for the run (e2e/support/web-server.ts); outside outputDir, which Playwright empties.
  serverLog: path.resolve(`.data/e2e-server-${port}.log`),
  serverEnv: {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_FLAG_INTERVAL_MS: "0",
    DATA_DIR: path.resolve(`.data/e2e-${port}-${runId}`),
    DEMO_PASSWORD: "e2e-demo-password",
    // The browser tests make the decisions they look at; the demo's past has its own test (lib/demo/server/demo-history.test.ts).
    DEMO_HISTORY: "off",
    SIGN_IN_RATE_LIMIT: "1000",
    SIGN_IN_ACCOUNT_FREE_FAILURES: "1000",
    // The whole run shares one moderator account within the hour; the allowance has its own test
    // (lib/security/attacks/moderator-volume-and-pin-as-user.test.ts).
    DEACTIVATIONS_PER_HOUR: "100000",
    CHAT_API_KEY: "",
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    // Tests reset the emulator between cases; a shared read must not outlive a reset.
    CHAT_CACHE_TTL_MS: "0",
    // Shorter than the default 24, so the seed (first flags from minutes to 9.5 days old) has
    // items overdue only under this setting (e2e/queue-overdue.spec.ts).
    REVIEW_TARGET_HOURS: "12",
    NEXT_TELEMETRY_DISABLED: "1",
    // Decisions are sent after their undo time; a short interval lets a test see one arrive soon after.
    WRITE_BACK_INTERVAL_MS: "1000",
    // Tests wait for the background sync to store what they flagged upstream (support/queue.ts):
    // at the default 3 s those waits were a third of the queue suites' time (queue and
    // queue-actions alone: 211 s, 145 s at 1 s; 500 ms saved nothing more).
    FLAGGED_SYNC_INTERVAL_MS: "1000",
  },
};
