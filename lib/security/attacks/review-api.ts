import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import type { QueueResponse, StoredItem } from "@/lib/review/model/review-schemas";

/** The review routes as the attack tests call them: a signed-in staff member's same-origin requests. */
export const reviewRoutes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  deactivateSenders: () => import("@/app/api/review/deactivate-senders/route"),
  pin: () => import("@/app/api/messages/[id]/pin/route"),
  users: () => import("@/app/api/users/route"),
};

export const sameOrigin = { origin: APP_URL };

export function loadQueue(h: Harness, cookie: string): Promise<QueueResponse> {
  return readWholeQueue(h, cookie);
}

/** The item as the queue shows it now. */
export async function itemNow(h: Harness, cookie: string, id: string): Promise<StoredItem> {
  const item = (await loadQueue(h, cookie)).data.find((i) => i.id === id);
  if (!item) throw new Error(`item ${id} is not in the queue`);
  return item;
}

/** An open, unclaimed, unpinned item whose sender is active. */
export async function freshItem(h: Harness, cookie: string): Promise<StoredItem> {
  const queue = await loadQueue(h, cookie);
  // A sender with an escalated item waits for an admin too: an item of theirs is not "fresh" for a moderator.
  const waiting = new Set(queue.data.filter((i) => i.state === "open" && i.escalation).map((i) => i.senderUid));
  const item = queue.data.find((i) => i.state === "open" && !i.assignee && !i.escalation && !i.pinnedBy && !waiting.has(i.senderUid) && !queue.people[i.senderUid]?.deactivated);
  if (!item) throw new Error("no open, unclaimed item with an active sender");
  return item;
}

export async function reviewCommand(h: Harness, cookie: string, id: string, body: unknown): Promise<Response> {
  return h.call(await reviewRoutes.item(), "POST", `/api/review/items/${id}`, { cookie, params: { id }, body, headers: sameOrigin });
}

/** Pins an item's message from the queue, with the version seen. */
export async function pinItem(h: Harness, cookie: string, item: Pick<StoredItem, "id" | "version">): Promise<Response> {
  return h.call(await reviewRoutes.pin(), "POST", `/api/messages/${item.id}/pin`, { cookie, params: { id: item.id }, body: { version: item.version }, headers: sameOrigin });
}

/** Deactivates the senders of these items from the queue, with the versions seen. */
export async function deactivateSendersOf(h: Harness, cookie: string, items: Pick<StoredItem, "id" | "version">[]): Promise<Response> {
  const body = { ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])) };
  return h.call(await reviewRoutes.deactivateSenders(), "POST", "/api/review/deactivate-senders", { cookie, body, headers: sameOrigin });
}

/**
 * A harness for the describe block it is called in, with a moderator's and an admin's session,
 * and the emulator reset (and its flagged list synced) before each test. Read the fields inside tests (they are set in beforeAll).
 */
export function useReviewHarness(): { h: Harness; moderator: string; admin: string } {
  const context = {} as { h: Harness; moderator: string; admin: string };
  beforeAll(async () => {
    context.h = await startHarness();
    context.moderator = await context.h.cookieFor("moderator");
    context.admin = await context.h.cookieFor("admin");
  });
  afterAll(async () => context.h.close());
  beforeEach(async () => {
    await emulatorControl(context.h, "reset");
    // What the background sync would have stored before a moderator looks.
    await context.h.sync();
  });
  return context;
}
