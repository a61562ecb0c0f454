import { expect, type Page } from "@playwright/test";
import { EMULATOR_DEMO_API_KEY } from "../../lib/emulator/keys";
import { QUEUE_PAGE_SIZE, type QueuePage, type QueueResponse, type QueueSummary, type StoredItem } from "../../lib/review/model/review-schemas";
import { walkQueuePages } from "../../lib/testing/walk-queue-pages";
import { E2E } from "./e2e-config";
import { emulatorControl } from "./emulator";
import { waitForReady } from "./ready";

/**
 * The review queue's test helpers. The dashboard keeps every flagged message it has seen for the
 * whole run while the emulator's seed is reset before each test, so tests pick their items from
 * what the dashboard holds, or create messages it has never seen.
 */

/** Every item the dashboard holds now (all states), page by page through its API, without waiting for the chat service's news. */
export async function storedQueue(page: Page): Promise<QueueResponse> {
  return walkQueuePages(async (cursor) => {
    const response = await page.request.get("/api/review/queue", { params: { state: "all", limit: 500, ...(cursor ? { cursor } : {}) } });
    expect(response.status()).toBe(200);
    return (await response.json()) as QueuePage;
  });
}

/** The ids of the first page the queue's list loads for a view (`?sort=newest`): the rows a page holds before it scrolls. */
export async function firstPageIds(page: Page, search: string): Promise<string[]> {
  const response = await page.request.get(`/api/review/queue${search}`, { params: { limit: QUEUE_PAGE_SIZE } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as QueuePage).data.map((item) => item.id);
}

/** The queue's summary: counts over the whole queue and the background sync's status. */
export async function queueSummary(page: Page): Promise<QueueSummary> {
  const response = await page.request.get("/api/review/queue/summary");
  expect(response.status()).toBe(200);
  return (await response.json()) as QueueSummary;
}

/**
 * The queue as the dashboard's API returns it, once the background sync has asked the chat service
 * since this was called (reading the queue does not), so what a test changed upstream is in it.
 */
export async function queueSnapshot(page: Page): Promise<QueueResponse> {
  // The sync's times are whole seconds: a start in the next second is surely after this call.
  const asked = Math.ceil(Date.now() / 1000);
  await expect.poll(async () => (await queueSummary(page)).upstream.sync?.lastAttemptAt ?? 0, { timeout: 20_000, intervals: [250] }).toBeGreaterThanOrEqual(asked);
  return storedQueue(page);
}

/**
 * Leaves no open item claimed: tests that claim or take over items keep them claimed for the rest
 * of the run, and a test that decides every open item would otherwise be told someone is on them.
 * Each claim is taken over and released, as a staff member would.
 */
export async function releaseClaims(page: Page): Promise<void> {
  for (const { id, version } of (await storedQueue(page)).data.filter((item) => item.state === "open" && item.assignee !== null && item.escalation === null)) {
    const response = await page.request.post(`/api/review/items/${encodeURIComponent(id)}`, { data: { action: "unclaim", version, takeover: true }, headers: { origin: E2E.appUrl } });
    expect(response.status(), `releasing ${id}`).toBe(200);
  }
}

/** The item's version as the dashboard holds it now: review commands must send the version they were decided on. */
export async function versionOf(page: Page, id: string): Promise<number> {
  const item = (await storedQueue(page)).data.find((i) => i.id === id);
  if (!item) throw new Error(`item ${id} is not in the queue`);
  return item.version;
}

/** The open items the chat service lists right now, so they can be pinned and flagged upstream. */
export async function openUpstreamItems(page: Page): Promise<StoredItem[]> {
  const listed = (await (await page.request.get("/api/moderation/flagged-messages")).json()) as { data: { id: string }[] };
  const upstream = new Set(listed.data.map((m) => m.id));
  return (await queueSnapshot(page)).data.filter((i) => i.state === "open" && upstream.has(i.id));
}

/** Flags a message the way a chat user does (POST /messages/{id}/flagged on behalf of the flagger). */
export async function flagUpstream(id: string, flagger: string, reasonId = "spam", remark = "flagged by the test") {
  const response = await fetch(`${E2E.emulatorUrl}/v3/messages/${encodeURIComponent(id)}/flagged`, {
    method: "POST",
    headers: { apikey: EMULATOR_DEMO_API_KEY, onBehalfOf: flagger, "content-type": "application/json" },
    body: JSON.stringify({ reasonId, remark }),
  });
  expect(response.status).toBe(200);
}

/**
 * Sends and flags messages the dashboard has never seen (message ids it already holds are skipped),
 * each with its own text so a search finds exactly these.
 */
export async function createFlaggedMessages(page: Page, messages: { sender: string; receiver: string; text: string; flagger?: string; reasonId?: string }[]): Promise<string[]> {
  // The emulator never hands out an id twice while it runs; what this dashboard stored in an earlier
  // run on the same database may still hold the ids a fresh emulator starts from.
  const known = new Set((await storedQueue(page)).data.map((i) => i.id));
  const ids: string[] = [];
  for (const m of messages) {
    let id: string | undefined;
    for (let attempt = 0; attempt < 2000 && id === undefined; attempt++) {
      const created = (await emulatorControl("messages", { sender: m.sender, receiver: m.receiver, text: m.text })) as { data: { id: string } };
      if (!known.has(created.data.id)) id = created.data.id;
    }
    if (id === undefined) throw new Error("no fresh message id");
    await flagUpstream(id, m.flagger ?? "kim-hana", m.reasonId ?? "harassment");
    ids.push(id);
  }
  // Stored by the background sync before the test looks for them.
  await queueSnapshot(page);
  return ids;
}

/** A marker no other test's text contains, for searching this test's messages. */
export const marker = (label: string) => `${label}-${Date.now().toString(36)}`;

/**
 * Opens the queue and waits until the page is interactive: the rows are in the server's HTML, but
 * the keyboard shortcuts listen only once the page has hydrated. `origin` replaces the dashboard's
 * own (a proxy in front of it).
 */
export async function gotoQueue(page: Page, query = "", origin = "") {
  await page.goto(`${origin}/${query}`);
  await waitForReady(page);
}

export const itemRow = (page: Page, id: string) => page.locator(`article[data-message-id="${id}"]`);

export const shownIds = (page: Page) => page.locator("article[data-message-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-message-id") ?? ""));

/** A toast (they live in a polite status region) saying this. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole("status").locator("p").filter({ hasText: text });

/**
 * Puts a flagged direct message (ana-souza to kenji-watanabe, flagged by kim-hana) at the head of the
 * chat service's flagged list exactly as given, bypassing the emulator's own messages: an id it
 * does not know, or a kind and data its message routes cannot make.
 */
export async function addRawFlaggedMessage(id: string, message: { type: string; data: Record<string, unknown>; reasonId?: string; reasonName?: string }) {
  const now = Math.floor(Date.now() / 1000);
  const { type, data, reasonId = "spam", reasonName = "Spam" } = message;
  await emulatorControl("flagged-messages/raw", {
    id,
    conversationId: "ana-souza_user_kenji-watanabe",
    sender: "ana-souza",
    receiverType: "user",
    receiver: "kenji-watanabe",
    category: "message",
    type,
    data,
    sentAt: now - 60,
    flaggedBy: [{ uid: "kim-hana", name: "Kim Hana", reasonId, reasonName, flaggedAt: now - 30 }],
    flaggedCount: 1,
  });
}
