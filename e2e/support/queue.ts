import { expect, type Page } from "@playwright/test";
import { EMULATOR_DEMO_API_KEY } from "../../lib/emulator/keys";
import type { QueueResponse, StoredItem } from "../../lib/review/review-schemas";
import { E2E } from "./e2e-config";
import { emulatorControl } from "./emulator";

/**
 * The review queue's test helpers. The dashboard keeps every flagged message it has seen for the
 * whole run while the emulator is reset before each test (and hands out the same message ids
 * again), so tests pick their items from what the dashboard holds, or create messages it has
 * never seen.
 */

/** The queue as the dashboard's API returns it (fetching it also syncs the chat service's list). */
export async function queueSnapshot(page: Page): Promise<QueueResponse> {
  const response = await page.request.get("/api/review/queue");
  expect(response.status()).toBe(200);
  return (await response.json()) as QueueResponse;
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
  const known = new Set((await queueSnapshot(page)).data.map((i) => i.id));
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
  await page.waitForLoadState("networkidle");
  // On a busy machine hydration can finish well after the network is idle. React marks the nodes
  // it has hydrated; the queue's buttons (rows, toolbar, or a failure's Retry) hydrate together.
  await page.waitForFunction(() => {
    const button = document.querySelector("main button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  // React marks them while it renders, before it commits and runs the effects (the keyboard
  // shortcuts' listener among them). An idle callback runs only once its scheduler has no work left
  // (or after 5 s: a page that never idles is then left to the test's own waits).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
}

export const itemRow = (page: Page, id: string) => page.locator(`article[data-message-id="${id}"]`);

export const shownIds = (page: Page) => page.locator("article[data-message-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-message-id") ?? ""));

/** A toast (they live in a polite status region) saying this. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole("status").locator("p").filter({ hasText: text });
