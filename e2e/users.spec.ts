import { expect, test } from "./support/fixtures";
import { EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { createSeed } from "../lib/emulator/seed";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { queueSnapshot } from "./support/queue";
import { waitForReady } from "./support/ready";
import { seriousAxeViolations } from "./support/axe";

test.beforeEach(async () => {
  await resetEmulator();
  await emulatorControl("faults", undefined, "DELETE");
});

/** The seed is deterministic, so the emulator's tokens after a reset are the ones computed here. */
function seededToken(uid: string): string {
  const token = createSeed(0).tokens.get(uid)?.keys().next().value;
  if (!token) throw new Error(`the seed has no auth token for ${uid}`);
  return token;
}

async function deleteRequestsToService(): Promise<number> {
  const stats = (await emulatorControl("stats", undefined, "GET")) as { requests: { byRoute: Record<string, number> } };
  return stats.requests.byRoute["DELETE /users"] ?? 0;
}

test.describe("as an admin", () => {
  test.use({ storageState: E2E.storage.admin });

  test("the user page shows the service's fields, metadata rows, tags and raw JSON", async ({ page }) => {
    await page.goto("/users/ana-souza");
    await expect(page.getByRole("heading", { level: 1, name: "Ana Souza" })).toBeVisible();
    const profile = page.getByRole("definition");
    await expect(page.getByText("ana-souza", { exact: true }).first()).toBeVisible();
    await expect(profile.filter({ hasText: "default" })).toHaveCount(1);
    await expect(profile.filter({ hasText: /^(Online|Offline)$/ })).toHaveCount(1);
    await expect(profile.filter({ hasText: /UTC \(.+ ago\)/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /https:\/\/ana\.example\.com/ })).toHaveAttribute("href", "https://ana.example.com/");

    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["beta", "paid"]);
    const metadata = page.getByRole("table", { name: "Metadata" });
    await expect(metadata.getByRole("row", { name: "plan pro" })).toBeVisible();
    await expect(metadata.getByRole("row", { name: "@private.email ana.souza@example.com" })).toBeVisible();
    await expect(metadata.getByRole("row", { name: "locale pt-BR" })).toBeVisible();

    await page.getByText("Raw JSON").click();
    await expect(page.getByLabel("The user record as JSON")).toContainText('"uid": "ana-souza"');
  });

  test("a javascript: link and HTML in the name, tags and metadata stay inert text", async ({ page }) => {
    page.on("dialog", (dialog) => {
      throw new Error(`a script ran: ${dialog.message()}`);
    });
    await page.goto("/users/mallory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mallory <img src=x onerror=alert(1)>");
    await expect(page.getByText("javascript:alert(1)", { exact: true })).toBeVisible();
    await expect(page.getByText("(not a web address, shown as text)")).toBeVisible();
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Tags" })).toContainText("<b>bold</b>");
    const metadata = page.getByRole("table", { name: "Metadata" });
    await expect(metadata.getByRole("row", { name: /^bio / })).toContainText("<script>alert('metadata')</script>");
    await expect(metadata.getByRole("row", { name: /^homepage / }).getByRole("link")).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("the header's Go to user box opens UIDs with spaces and non-Latin letters", async ({ page }) => {
    await page.goto("/users");
    const box = page.getByRole("banner").getByRole("search", { name: "Go to user" });
    await box.getByLabel("User UID").fill("user with space");
    await box.getByLabel("User UID").press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Sam Spacey" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/users/user%20with%20space");

    await box.getByLabel("User UID").fill("用户-42");
    await box.getByRole("button", { name: "Go" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "王芳" })).toBeVisible();
    await expect(page.getByText("用户-42", { exact: true }).first()).toBeVisible();
  });

  test("an unknown UID, even one with / and ?, says there is no such user, without asking the service for an impossible one", async ({ page }) => {
    await page.goto("/users/nobody-here");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "No user with UID nobody-here" })).toBeVisible();
    await expect(main.getByRole("alert")).toHaveCount(0);

    await emulatorControl("stats/reset");
    // The form refuses a UID no user can have (lib/api/params.ts)…
    await main.getByLabel("User UID").fill("no/such?user");
    await main.getByLabel("User UID").press("Enter");
    await expect(main.getByRole("alert")).toContainText("not allowed");
    // …and the address, typed by hand, says there is no such user without asking the service.
    await page.goto("/users/no%2Fsuch%3Fuser");
    await expect(page.getByRole("heading", { name: "No user with UID no/such?user" })).toBeVisible();
    await page.goto("/users/50%252Foff");
    await expect(page.getByRole("heading", { name: "No user with UID 50%2Foff" })).toBeVisible();
    const stats = (await emulatorControl("stats", undefined, "GET")) as { requests: { byRoute: Record<string, number> } };
    expect(stats.requests.byRoute["GET /users/:uid"]).toBeUndefined();
    expect(stats.requests.byRoute.unknown).toBeUndefined();
  });

  test("an avatar that fails to load, or is not http(s) or data:image, falls back to initials", async ({ page }) => {
    await emulatorControl("users/ana-souza", { avatar: "http://127.0.0.1:9/missing.png" }, "PATCH");
    await page.goto("/users/ana-souza");
    const profile = page.getByRole("region", { name: "Ana Souza" });
    await expect(profile.getByText("AS", { exact: true })).toBeVisible();
    await expect(profile.locator("img")).toHaveCount(0);

    await emulatorControl("users/ana-souza", { avatar: "javascript:alert(1)" }, "PATCH");
    await page.reload();
    await expect(profile.getByText("AS", { exact: true })).toBeVisible();
    await expect(page.locator('img[src^="javascript:" i]')).toHaveCount(0);
  });

  test("an avatar on a host that is not a media host is never fetched by the browser: the dashboard refuses it, initials stand in", async ({ page }) => {
    await emulatorControl("users/ana-souza", { avatar: "https://avatars.evil.example/ana.png" }, "PATCH");
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (/^https?:/.test(request.url())) fetched.push(request.url());
    });
    const picture = page.waitForResponse((response) => response.url().includes("/api/media/avatar?"));
    await page.goto("/users/ana-souza");
    const answer = await picture;
    expect(answer.status()).toBe(403);
    expect(answer.url()).toContain(encodeURIComponent("https://avatars.evil.example/ana.png"));
    await expect(page.getByRole("region", { name: "Ana Souza" }).getByText("AS", { exact: true })).toBeVisible();
    expect(fetched.filter((url) => !url.startsWith(E2E.appUrl))).toEqual([]);
  });

  test("the user page shows the flagged messages they sent and the flags they raised, from the review queue", async ({ page }) => {
    await queueSnapshot(page);
    const list = (await (await page.request.get("/api/moderation/flagged-messages")).json()) as {
      data: { id: string; sender: string; data: { text?: string }; flaggedBy: { uid: string; reasonName: string }[] }[];
    };
    const sent = list.data.filter((m) => m.sender === "chad-becker");
    expect(sent.length).toBeGreaterThan(0);
    await page.goto("/users/chad-becker");
    const sentSection = page.getByRole("region", { name: /^Flagged messages they sent/ });
    const heading = await sentSection.getByRole("heading").textContent();
    // The dashboard keeps every flagged message it has seen, so other tests may have added to the count.
    expect(Number(/\((\d+)\)/.exec(heading ?? "")?.[1])).toBeGreaterThanOrEqual(sent.length);
    await expect(sentSection.getByText(`Message ${sent[0]?.id} to`)).toBeVisible();

    const flagger = sent[0]?.flaggedBy[0];
    await page.goto(`/users/${encodeURIComponent(flagger?.uid ?? "")}`);
    const raisedSection = page.getByRole("region", { name: /^Flags they raised \([1-9]/ });
    await expect(raisedSection.getByText(`Message ${sent[0]?.id} by chad-becker`)).toBeVisible();
    await raisedSection.getByRole("link", { name: "chad-becker" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Chad Becker" })).toBeVisible();
  });

  test("deactivates a user from their page after confirming, shows who did it, and reactivates them after confirming", async ({ page }) => {
    await page.goto("/users/kenji-watanabe");
    await page.getByRole("button", { name: "Deactivate user" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate Kenji Watanabe (kenji-watanabe)?" });
    await expect(dialog).toContainText("Only an admin can undo this");
    await dialog.getByRole("button", { name: "Deactivate user" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kenji Watanabe (kenji-watanabe) is deactivated." })).toBeVisible();
    const banner = page.getByRole("note", { name: "Deactivated" });
    await expect(banner).toContainText(E2E.admin);
    await page.reload();
    await expect(page.getByRole("note", { name: "Deactivated" })).toContainText(/Deactivated through the dashboard on .+ UTC/);
    // The service now answers 404 for the user: the page still shows them, as deactivated, and not "not found".
    await expect(page.getByRole("heading", { level: 1, name: "Kenji Watanabe" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Deactivate user" })).toHaveCount(0);

    await page.getByRole("button", { name: "Reactivate" }).click();
    const confirm = page.getByRole("dialog", { name: "Reactivate Kenji Watanabe (kenji-watanabe)?" });
    await expect(confirm).toContainText("gives this user their access to the chat back");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Reactivate user" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kenji Watanabe (kenji-watanabe) is reactivated" })).toBeVisible();
    await expect(page.getByRole("note", { name: "Deactivated" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Deactivate user" })).toBeVisible();
  });

  test("a user deactivated outside the dashboard reads as Deactivated, and a mixed-case address leads to the lower-case page", async ({ page }) => {
    const response = await page.request.fetch(`${E2E.emulatorUrl}/v3/users`, {
      method: "DELETE",
      headers: { apikey: EMULATOR_DEMO_API_KEY, "content-type": "application/json" },
      data: { uidsToDeactivate: ["yusuf-demir"] },
    });
    expect(response.status()).toBe(200);
    await page.goto("/users/Yusuf-Demir");
    await expect(page).toHaveURL(/\/users\/yusuf-demir$/);
    await expect(page.getByRole("heading", { level: 1, name: "Yusuf Demir" })).toBeVisible();
    await expect(page.getByRole("note", { name: "Deactivated" })).toContainText("The chat service lists this user as deactivated");
    await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
  });

  test("bulk deactivation cleans the list, confirms the count and reports each UID", async ({ page }) => {
    await page.goto("/users/deactivate");
    await page.getByLabel("UIDs to deactivate").fill('ana-souza, kenji-watanabe\nnobody-1 ana-souza .. "user with space"');
    await expect(page.getByText("4 UIDs to send (1 duplicate removed).")).toBeVisible();
    const invalid = page.getByRole("main").getByRole("alert");
    await expect(invalid).toContainText("1 entry is not a valid UID and will not be sent");
    await expect(invalid.getByRole("listitem")).toHaveText('..: "." and ".." are not valid as a UID');
    await page.getByText("Show the cleaned list (4)").click();
    await expect(page.getByRole("list", { name: "Cleaned list of UIDs" }).getByRole("listitem")).toHaveText(["ana-souza", "kenji-watanabe", "nobody-1", "user with space"]);

    await page.getByRole("button", { name: "Deactivate 4 users" }).click();
    await page.getByRole("dialog", { name: "Deactivate 4 users?" }).getByRole("button", { name: "Deactivate 4 users" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Done." })).toContainText("3 deactivated, 0 already deactivated, 1 not found.");
    const results = page.getByRole("region", { name: "Result per UID" });
    await expect(results.getByRole("row", { name: "ana-souza Deactivated" })).toBeVisible();
    await expect(results.getByRole("row", { name: "user with space Deactivated" })).toBeVisible();
    await expect(results.getByRole("row", { name: "nobody-1 Not found" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Start a new list" }).click();
    await page.getByLabel("UIDs to deactivate").fill("ana-souza");
    await page.getByRole("button", { name: "Deactivate 1 user" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Deactivate 1 user" }).click();
    await expect(page.getByRole("region", { name: "Result per UID" }).getByRole("row", { name: "ana-souza Already deactivated" })).toBeVisible();
  });

  test("a long list goes in batches of 100 with progress, and Stop holds back the batches not yet sent", async ({ page }) => {
    await emulatorControl("faults", { kind: "latency", route: "DELETE /users", latencyMs: 1500 });
    await emulatorControl("stats/reset");
    await page.goto("/users/deactivate");
    const uids = ["ana-souza", ...Array.from({ length: 249 }, (_, i) => `ghost-${i}`)];
    await page.getByLabel("UIDs to deactivate").fill(uids.join("\n"));
    await page.getByRole("button", { name: "Deactivate 250 users" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate 250 users?" });
    await expect(dialog).toContainText("3 batches of up to 100");
    await dialog.getByRole("button", { name: "Deactivate 250 users" }).click();
    await expect(page.getByRole("progressbar", { name: "Batches sent" })).toBeVisible();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByText("Stopping after this batch…")).toBeVisible();
    const summary = page.getByRole("status").filter({ hasText: "Stopped after 1 of 3 batches." });
    await expect(summary).toContainText("1 deactivated, 0 already deactivated, 99 not found, 150 not sent.");
    await expect(page.getByRole("region", { name: "Result per UID" }).getByRole("row", { name: "ghost-248 Not sent" })).toBeVisible();
    expect(await deleteRequestsToService()).toBe(1);
  });

  test("a batch refused by the chat service's rate limit says until when the run is paused, then is sent again", async ({ page }) => {
    await emulatorControl("faults", { kind: "status429", route: "DELETE /users", count: 1, retryAfterSeconds: 2 });
    await page.goto("/users/deactivate");
    await page.getByLabel("UIDs to deactivate").fill("ana-souza");
    await page.getByRole("button", { name: "Deactivate 1 user" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Deactivate 1 user" }).click();
    await expect(page.getByText(/Paused until \d\d:\d\d:\d\d: the chat service's rate limit refused the last batch/)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Done." })).toContainText("1 deactivated");
    expect(await deleteRequestsToService()).toBe(2);
  });

  test("a failed batch ends the run and says which UIDs were in it and which were not sent", async ({ page }) => {
    await emulatorControl("faults", { kind: "status500", route: "DELETE /users", count: 1 });
    await page.goto("/users/deactivate");
    await page.getByLabel("UIDs to deactivate").fill(Array.from({ length: 150 }, (_, i) => `ghost-${i}`).join(","));
    await page.getByRole("button", { name: "Deactivate 150 users" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Deactivate 150 users" }).click();
    const summary = page.getByRole("status").filter({ hasText: "Batch 1 of 2 failed" });
    await expect(summary).toContainText("100 in the failed batch (state unknown; check them and send again), 50 not sent.");
    const results = page.getByRole("region", { name: "Result per UID" });
    await expect(results.getByRole("row", { name: /^ghost-0 Failed: / })).toBeVisible();
    await expect(results.getByRole("row", { name: "ghost-149 Not sent" })).toBeVisible();
  });

  test("an empty selection is refused before anything is sent or recorded, on the page and by the API", async ({ page }) => {
    await emulatorControl("stats/reset");
    const latestDeactivation = async () => {
      const response = await page.request.get("/api/audit?action=users.deactivate&limit=1");
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: { id: number }[] }).data[0]?.id;
    };
    const before = await latestDeactivation();
    await page.goto("/users/deactivate");
    await waitForReady(page);
    const button = page.getByRole("button", { name: "Deactivate 0 users" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("Nothing to deactivate yet: add at least one valid UID to the list.");
    await page.getByLabel("UIDs to deactivate").fill('.. ""');
    await expect(page.getByText("0 UIDs to send.")).toBeVisible();
    await expect(button).toBeDisabled();

    const response = await page.request.delete("/api/users", { data: { uidsToDeactivate: [] }, headers: { origin: E2E.appUrl } });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_BAD_REQUEST", message: "body.uidsToDeactivate: at least one UID is needed" } });
    expect(await latestDeactivation()).toBe(before);
    expect(await deleteRequestsToService()).toBe(0);
  });

  test("a list over the documented maximum cannot be sent", async ({ page }) => {
    await page.goto("/users/deactivate");
    await expect(page.getByText("Up to 5,000 UIDs per run")).toBeVisible();
    await page.getByLabel("UIDs to deactivate").fill(Array.from({ length: 5001 }, (_, i) => `u${i}`).join(" "));
    // Read as one sentence after another (a screen reader and a copy both see the words, not the margins).
    await expect(page.getByText("5,001 UIDs to send. That is more than the 5,000 allowed at once")).toBeVisible();
    await expect(page.getByRole("button", { name: "Deactivate 5,001 users" })).toBeDisabled();
  });

  test("adds friends from a pasted list: own UID and duplicates removed, one result row per UID in words, filled in place", async ({ page }) => {
    await emulatorControl("faults", { kind: "latency", route: "POST /users/:uid/friends", latencyMs: 1500 });
    await page.goto("/users/ana-souza");
    await waitForReady(page);
    const form = page.getByRole("form", { name: "Add friends" });
    await form.getByLabel("UIDs to add as friends").fill("kenji-watanabe, ghost-user ana-souza\nkenji-watanabe 用户-42");
    await expect(form.getByText("3 UIDs to send (1 duplicate removed; their own UID removed).")).toBeVisible();
    await form.getByRole("switch", { name: "Also add to conversations" }).check();
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/users/ana-souza/friends") && r.method() === "POST");
    await form.getByRole("button", { name: "Add 3 friends" }).click();
    expect((await sent).postDataJSON()).toEqual({ accepted: ["kenji-watanabe", "ghost-user", "用户-42"], addToConversations: true });
    // While the answer loads, each UID already has its row: the answer fills them without moving anything.
    const table = form.getByRole("region", { name: "Add friends results" });
    await expect(form.getByRole("status").filter({ hasText: "Adding 3 friends…" })).toBeVisible();
    await expect(table.getByRole("row", { name: "ghost-user Adding… Waiting for the chat service" })).toBeVisible();
    const waiting = await table.boundingBox();
    await expect(form.getByText("2 of 3 added.")).toBeVisible();
    expect(await table.boundingBox()).toEqual(waiting);
    await expect(form.getByText("0 UIDs to send.")).toBeVisible();
    await expect(form.getByRole("row", { name: /^kenji-watanabe Added The UID kenji-watanabe is now a friend of ana-souza\.$/ })).toBeVisible();
    await expect(form.getByRole("row", { name: /^ghost-user Not added The UID ghost-user does not exist\.$/ })).toBeVisible();
    await expect(form.getByRole("row", { name: /^用户-42 Added/ })).toBeVisible();
  });

  test("updates an auth token, and refuses invalid app-info JSON without sending anything", async ({ page }) => {
    const token = seededToken("ana-souza");
    await page.goto("/users/ana-souza");
    const form = page.getByRole("form", { name: "Update auth token" });
    const puts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT") puts.push(r.url());
    });
    await form.getByLabel("Auth token").fill(token);
    await form.getByLabel("Platform").fill("web");
    await form.getByLabel("App info (JSON)").fill('{"version": "5.0.0",}');
    await form.getByRole("button", { name: "Update auth token" }).click();
    await expect(form.getByText(/^App info is not valid JSON/)).toBeVisible();
    await expect(form.getByLabel("App info (JSON)")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("App info (JSON)").fill("[1, 2]");
    await form.getByRole("button", { name: "Update auth token" }).click();
    await expect(form.getByText("App info must be a JSON object")).toBeVisible();
    expect(puts).toEqual([]);

    await form.getByLabel("App info (JSON)").fill('{"version": "5.0.0", "build": "2001"}');
    await form.getByRole("button", { name: "Update auth token" }).click();
    const result = form.getByRole("status");
    await expect(result).toContainText("Auth token updated.");
    await expect(result).toContainText("ana-souza");
    await expect(result).toContainText(`${token.slice(0, 6)}…${token.slice(-4)}`);
    await expect(result).not.toContainText(token);
    await expect(result).toContainText(/UTC \(.+ ago\)/);
    expect(puts).toHaveLength(1);
  });

  test("the chat service's messages per field (its error's details) are shown beside the fields they name", async ({ page }) => {
    await emulatorControl("faults", {
      kind: "refusal",
      route: "PUT /users/:uid/auth_tokens/:authToken",
      count: 1,
      details: { platform: ["The platform must be at most 50 characters."], userAgent: ["The user agent is not valid."] },
    });
    await page.goto("/users/ana-souza");
    await waitForReady(page);
    const form = page.getByRole("form", { name: "Update auth token" });
    await form.getByLabel("Auth token").fill(seededToken("ana-souza"));
    await form.getByLabel("Platform").fill("web");
    await form.getByLabel("User agent").fill("agent");
    await form.getByRole("button", { name: "Update auth token" }).click();
    await expect(form.getByRole("alert")).toHaveText("The auth token was not updated: Failed to validate the data sent with the request.");
    await expect(form.getByLabel("Platform")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Platform")).toHaveAccessibleDescription("The platform must be at most 50 characters.");
    await expect(form.getByLabel("User agent")).toHaveAccessibleDescription("The user agent is not valid.");
    await expect(form.getByLabel("Auth token")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("recently viewed users are listed newest first for the staff member who opened them", async ({ page, browser }) => {
    await page.goto("/users/wei-zhang");
    await expect(page.getByRole("heading", { level: 1, name: "Wei Zhang" })).toBeVisible();
    await page.goto("/users/%E7%94%A8%E6%88%B7-42");
    await expect(page.getByRole("heading", { level: 1, name: "王芳" })).toBeVisible();
    await page.goto("/users");
    const recent = page.getByRole("region", { name: "Recently viewed" }).getByRole("link");
    await expect(recent.nth(0)).toContainText("王芳 用户-42");
    await expect(recent.nth(1)).toContainText("Wei Zhang wei-zhang");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await recent.nth(1).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wei Zhang" })).toBeVisible();

    const moderator = await browser.newContext({ storageState: E2E.storage.moderator });
    const other = await moderator.newPage();
    await other.goto("/users");
    await expect(other.getByRole("heading", { name: "Recently viewed" })).toBeVisible();
    await expect(other.getByRole("link", { name: /wei-zhang/ })).toHaveCount(0);
    await moderator.close();
  });

  test("the user page fits a 375px-wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/users/ana-souza");
    await expect(page.getByRole("heading", { level: 1, name: "Ana Souza" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe("as a moderator", () => {
  test.use({ storageState: E2E.storage.moderator });

  test("sees Deactivate but not the admin-only actions, and is refused them by the API", async ({ page }) => {
    await page.goto("/users/ana-souza");
    await expect(page.getByRole("heading", { level: 1, name: "Ana Souza" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Deactivate user" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add friends" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Update auth token" })).toHaveCount(0);

    const friends = await page.request.post("/api/users/ana-souza/friends", { data: { accepted: ["kenji-watanabe"] }, headers: { origin: E2E.appUrl } });
    expect(friends.status()).toBe(403);
    expect(await friends.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN" } });
    const token = await page.request.put(`/api/users/ana-souza/auth_tokens/${encodeURIComponent(seededToken("ana-souza"))}`, {
      data: { platform: "web" },
      headers: { origin: E2E.appUrl },
    });
    expect(token.status()).toBe(403);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
