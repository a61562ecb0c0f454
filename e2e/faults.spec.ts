import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { createFlaggedMessages, itemRow, marker, toast } from "./support/queue";
import { extraPort, extraStorageState, startStaffedDashboard, unhandledErrorLines, type StaffedDashboard } from "./support/staffed-dashboard";

/**
 * Every fault the emulator can inject, end to end through a dashboard whose chat-service timeout
 * is short (1.5 s), so a request that never answers is a matter of seconds: reads fail in words
 * with Retry and recover by themselves once the service is back, mutations are sent once and say
 * whether they happened, and the server log never shows an unhandled error.
 */
const PORT = extraPort(1);
const TIMEOUT_MS = 1_500;
let dashboard: StaffedDashboard;
const asModerator = { baseURL: `http://127.0.0.1:${PORT}`, storageState: extraStorageState(PORT) };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The header's warning test cuts off only the monitor's check (every second), and each of the
  // sync's successes clears the warning until the next check: a sync every 2 s leaves the warning
  // up for at least a second of every two, where at the suite's 1 s it could last an instant.
  dashboard = await startStaffedDashboard(PORT, "faults", { CHAT_TIMEOUT_MS: String(TIMEOUT_MS), HEALTH_CHECK_MS: "1000", FLAGGED_SYNC_INTERVAL_MS: "2000" });
  await dashboard.signIn();
});

test.afterAll(async () => {
  await dashboard?.stop();
});

type Stats = { requests: { byRoute: Record<string, number> } };
const upstreamCalls = async (route: string) => ((await emulatorControl("stats", undefined, "GET")) as Stats).requests.byRoute[route] ?? 0;

const READS = ["GET /moderation/flagged-messages", "GET /users/:uid"];
const MUTATIONS = ["POST /messages/:id/pin", "DELETE /users"];
const injectOn = async (routes: string[], fault: Record<string, unknown>) => {
  for (const route of routes) await emulatorControl("faults", { ...fault, route });
};
const clearFaults = () => emulatorControl("faults", undefined, "DELETE");

/**
 * What the moderator reads for each fault: on a read (null = the read still works), after a pin,
 * after deactivating Ana Souza. `queueRead`: the queue's words when they are not `read`'s: its
 * list comes from the background sync, which waits out a rate limit another call ran into.
 */
type Case = { fault: Record<string, unknown>; read: RegExp | null; queueRead?: RegExp; pin: RegExp; deactivate: RegExp };
const refused = (reason: string): Pick<Case, "pin" | "deactivate"> => ({
  pin: new RegExp(`^Not pinned: ${reason}`),
  deactivate: new RegExp(`^Ana Souza was not deactivated: ${reason}`),
});
const unknown = (reason: string): Pick<Case, "pin" | "deactivate"> => ({
  pin: new RegExp(`^The pin may or may not have happened: ${reason}.* Check before trying again\\.$`),
  deactivate: new RegExp(`^Deactivating Ana Souza may or may not have happened: ${reason}.* Check before trying again\\.$`),
});
const CASES: Case[] = [
  { fault: { kind: "status500" }, read: /\(HTTP 500\)\. Try again in a moment\./, ...refused("The chat service failed to .+ \\(HTTP 500\\)") },
  { fault: { kind: "status503" }, read: /\(HTTP 503\)\. Try again in a moment\./, ...refused("The chat service failed to .+ \\(HTTP 503\\)") },
  {
    fault: { kind: "status429", retryAfterSeconds: 7 },
    read: /rate-limiting the dashboard .+ Try again in 7 s\./,
    queueRead: /rate-limiting the dashboard .+ Try again in 7 s\.|Paused until \d\d:\d\d:\d\d UTC: the chat service's rate limit is nearly used up/,
    ...refused("The chat service is rate-limiting the dashboard .+ Try again in 7 s\\."),
  },
  { fault: { kind: "malformed" }, read: /unexpected response to .+ \(the body is not JSON\)/, ...unknown("The chat service sent an unexpected response") },
  { fault: { kind: "wrongShape" }, read: /unexpected response to /, ...unknown("The chat service sent an unexpected response") },
  { fault: { kind: "reset" }, read: /The connection to the chat service was lost before it answered/, ...unknown("The connection to the chat service was lost") },
  { fault: { kind: "hang" }, read: /did not answer within 1\.5 s/, ...unknown("The chat service did not answer within 1\\.5 s") },
  // Last: it deactivates Ana Souza for real, which the dashboard then remembers.
  { fault: { kind: "latency", latencyMs: 700 }, read: null, pin: /^Pinned by the app at/, deactivate: /^Ana Souza \(ana-souza\) is deactivated\.$/ },
];

/** A page is never blank: its heading (or the error in words) is there. */
async function expectNotBlank(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test.describe("chat-service faults end to end", () => {
  test.use(asModerator);
  test.beforeEach(async () => resetEmulator());

  for (const { fault, read, queueRead, pin, deactivate } of CASES) {
    test(`${fault.kind}: reads fail in words with Retry and recover by themselves; a pin and a deactivation are sent once and say whether they happened`, async ({ page, context }) => {
      test.setTimeout(90_000);
      const tag = marker(String(fault.kind));
      // Stored (createFlaggedMessages waits for the sync) before the faults start, so the queue has it to show while the chat service fails.
      const [id = ""] = await createFlaggedMessages(page, [{ sender: "lucia-fernandez", receiver: "arjun-nair", text: `${tag} message` }]);
      const userPage = await context.newPage();

      await injectOn(READS, fault);
      await page.goto(`/?q=${tag}`);
      await userPage.goto("/users/ana-souza");
      const queueAlert = page.getByRole("alert").filter({ hasText: "The chat service could not be asked for new flagged messages." });
      const userAlert = userPage.getByRole("alert").filter({ hasText: "The user ana-souza could not be loaded." });
      await expectNotBlank(page, "Review queue");
      await expect(itemRow(page, id)).toBeVisible();
      if (read) {
        await expect(queueAlert).toContainText(queueRead ?? read, { timeout: 15_000 });
        await expect(queueAlert.getByRole("button", { name: "Retry" })).toBeVisible();
        await expect(userAlert).toContainText(read, { timeout: 15_000 });
        await expect(userAlert.getByRole("button", { name: "Retry" })).toBeVisible();
      }

      await clearFaults();
      await expect(page.getByText(/The chat service returned \d+ items?/)).toBeVisible({ timeout: 15_000 });
      await expect(queueAlert).toHaveCount(0);
      await expectNotBlank(userPage, "Ana Souza");
      await expect(userAlert).toHaveCount(0);

      await injectOn(MUTATIONS, fault);
      const row = itemRow(page, id);
      await row.getByRole("button", { name: /^Details/ }).click();
      await row.getByRole("button", { name: "Pin message" }).click();
      await page.getByRole("dialog", { name: /^Pin the message from/ }).getByRole("button", { name: "Pin as the app" }).click();
      await expect(toast(page, pin)).toBeVisible({ timeout: 15_000 });
      expect(await upstreamCalls("POST /messages/:id/pin")).toBe(1);

      await userPage.getByRole("button", { name: "Deactivate user" }).click();
      await userPage.getByRole("dialog", { name: "Deactivate Ana Souza (ana-souza)?" }).getByRole("button", { name: "Deactivate user" }).click();
      await expect(toast(userPage, deactivate)).toBeVisible({ timeout: 15_000 });
      expect(await upstreamCalls("DELETE /users")).toBe(1);
      await expectNotBlank(userPage, "Ana Souza");
    });
  }
});

test.describe("bounded retries and time limits, through the dashboard's API", () => {
  test.beforeEach(async () => resetEmulator());

  test("a read facing a lasting 503 asks the chat service exactly 3 times, a 4xx once; a mutation once", async () => {
    const { cookie } = await dashboard.signIn();
    const api = (path: string, init: RequestInit = {}) => fetch(`${dashboard.url}${path}`, { ...init, headers: { cookie, origin: dashboard.url, "content-type": "application/json" } });
    await injectOn(["GET /moderation/flagged-messages", "GET /users/:uid", "DELETE /users"], { kind: "status503" });
    // The flagged list is read by the background syncs of every dashboard on this emulator, so its
    // count is not this dashboard's alone (lib/review/server/flagged-sync.test.ts counts one sync's calls);
    // the queue says the sync failed.
    await expect
      .poll(async () => ((await (await api("/api/review/queue/summary")).json()) as { upstream: { ok: boolean; code?: string } }).upstream, { timeout: 15_000 })
      .toMatchObject({ ok: false, code: "ERR_UPSTREAM_SERVER_ERROR" });
    await emulatorControl("stats/reset");

    const user = await api("/api/users/ana-souza");
    expect(user.status).toBe(502);
    expect(await upstreamCalls("GET /users/:uid")).toBe(3);

    // A deactivation reads the user's record first (a protected tag or role needs a second staff
    // member): while that read fails, nothing is sent.
    const deactivate = () => api("/api/users", { method: "DELETE", body: JSON.stringify({ uidsToDeactivate: ["ana-souza"] }) });
    expect((await deactivate()).status).toBe(502);
    expect(await upstreamCalls("DELETE /users")).toBe(0);
    await clearFaults();
    await injectOn(["DELETE /users"], { kind: "status503" });
    expect((await deactivate()).status).toBe(502);
    expect(await upstreamCalls("DELETE /users")).toBe(1);

    await clearFaults();
    await emulatorControl("stats/reset");
    expect((await api("/api/users/nobody-at-all")).status).toBe(404);
    expect(await upstreamCalls("GET /users/:uid")).toBe(1);
  });

  test("a request that never answers becomes a 504 naming the configured time, and a 429 passes Retry-After on", async () => {
    const { cookie } = await dashboard.signIn();
    await emulatorControl("faults", { kind: "hang", route: "GET /users/:uid", count: 1 });
    const timedOut = await fetch(`${dashboard.url}/api/users/ana-souza`, { headers: { cookie } });
    expect(timedOut.status).toBe(504);
    expect(((await timedOut.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "ERR_UPSTREAM_TIMEOUT",
      message: expect.stringContaining("did not answer within 1.5 s"),
    });

    await emulatorControl("faults", { kind: "status429", route: "GET /users/:uid", retryAfterSeconds: 11, count: 1 });
    const limited = await fetch(`${dashboard.url}/api/users/ana-souza`, { headers: { cookie } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("11");
  });
});

test.describe("the header's warning about the chat service", () => {
  test.use(asModerator);
  test.beforeEach(async () => resetEmulator());

  test("says the service is unreachable while its connections are reset, and goes away by itself once it is back", async ({ page }) => {
    await page.goto("/users/ana-souza");
    await expectNotBlank(page, "Ana Souza");
    const warning = page.getByRole("banner").getByRole("alert");
    await expect(warning).toHaveCount(0);
    // Only the monitor's own check is cut off, so the warning comes from it and not from a moderator's call.
    await emulatorControl("faults", { kind: "reset", route: "GET /apikeys" });
    try {
      await expect(warning).toContainText("The chat service is unreachable: The connection to the chat service was lost", { timeout: 15_000 });
      // The sync's calls still succeed, and a success clears the state until the next check fails
      // again: /api/health says so between the two, so it is asked until it does.
      const health = async () => {
        const answer = (await (await page.request.get("/api/health")).json()) as { status: string; chatService: { status: string } };
        return `${answer.status}, ${answer.chatService.status}`;
      };
      await expect.poll(health, { timeout: 15_000 }).toBe("degraded, unreachable");
    } finally {
      // Left on, the fault would make every later test's chat service unreachable.
      await clearFaults();
    }
    await expect(warning).toHaveCount(0, { timeout: 15_000 });
  });
});

test("the dashboard's log has no unhandled rejection, uncaught exception or unhandled route error after the fault suite", () => {
  expect(unhandledErrorLines(dashboard.output())).toEqual([]);
});
