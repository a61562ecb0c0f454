import { describe, expect, it } from "vitest";
import { REVIEW_COMMANDS, type BulkReviewResult, type StoredItem } from "@/lib/review/model/review-schemas";
import type { UserContext } from "@/lib/users/user-schemas";
import { deactivateSendersOf, freshItem, itemNow, loadQueue, pinItem, reviewCommand, reviewRoutes, sameOrigin, useReviewHarness } from "./review-api";

/**
 * Issue 19, Medium 5: an item escalated to admins could still be pinned, and its sender deactivated
 * (one by one, in bulk, and through "deactivate senders"), by a moderator. Every action on it is
 * refused to moderators before anything reaches the chat service, in words saying it waits for an
 * admin: those, and the review commands and bulk decisions (403, or skipped with the reason).
 */
describe("escalation bypass", () => {
  const s = useReviewHarness();

  async function escalated(): Promise<StoredItem> {
    const item = await freshItem(s.h, s.moderator);
    const response = await reviewCommand(s.h, s.moderator, item.id, { action: "escalate", note: "Looks like a threat.", version: item.version });
    expect(response.status).toBe(200);
    return itemNow(s.h, s.moderator, item.id);
  }

  const waitsForAdmin = expect.stringMatching(/escalated.*waits for an admin/);

  async function expectWaitsForAdmin(response: Response) {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "ERR_FORBIDDEN", message: waitsForAdmin } });
  }

  const deactivateUsers = async (uids: string[], cookie: string) =>
    s.h.call(await reviewRoutes.users(), "DELETE", "/api/users", { cookie, body: { uidsToDeactivate: uids }, headers: sameOrigin });
  const bulk = async (action: "resolve" | "dismiss", items: StoredItem[], cookie: string) =>
    s.h.call(await reviewRoutes.bulk(), "POST", "/api/review/bulk", {
      cookie,
      body: { action, ids: items.map((i) => i.id), note: "bulk", versions: Object.fromEntries(items.map((i) => [i.id, i.version])) },
      headers: sameOrigin,
    });

  it("refuses a moderator's pin, single, bulk and per-item deactivation of an escalated item, and calls the chat service for none", async () => {
    const item = await escalated();
    const other = await freshItem(s.h, s.moderator);
    const upstreamBefore = await s.h.upstreamRequests();
    await expectWaitsForAdmin(await pinItem(s.h, s.moderator, item));
    await expectWaitsForAdmin(await deactivateSendersOf(s.h, s.moderator, [other, item]));
    await expectWaitsForAdmin(await deactivateUsers([item.senderUid], s.moderator));
    await expectWaitsForAdmin(await deactivateUsers([other.senderUid, item.senderUid], s.moderator));
    expect(await s.h.upstreamRequests()).toBe(upstreamBefore);
    const queue = await loadQueue(s.h, s.moderator);
    expect(queue.data.find((i) => i.id === item.id)).toMatchObject({ pinnedBy: null, actionTaken: "none", assignee: null, version: item.version });
    expect(queue.people[item.senderUid]?.deactivated).toBe(false);
    expect(queue.people[other.senderUid]?.deactivated).toBe(false);
    // The user page learns the same, to disable its button with the server's words.
    const context = await s.h.call(await import("@/app/api/users/[uid]/context/route"), "GET", `/api/users/${item.senderUid}/context`, {
      cookie: s.moderator,
      params: { uid: item.senderUid },
    });
    expect(((await context.json()) as { data: UserContext }).data.sent.waitingForAdmin).toContain(item.id);
  });

  it.each(REVIEW_COMMANDS.filter((command) => command !== "escalate"))("refuses a moderator's %s of an escalated item with 403, changing nothing", async (action) => {
    const item = await escalated();
    await expectWaitsForAdmin(await reviewCommand(s.h, s.moderator, item.id, { action, note: "I decide", version: item.version }));
    expect(await itemNow(s.h, s.moderator, item.id)).toMatchObject({ state: "open", version: item.version, escalation: expect.objectContaining({ note: "Looks like a threat." }) });
  });

  it("refuses a moderator's reopening of an escalated item an admin decided", async () => {
    const item = await escalated();
    expect((await reviewCommand(s.h, s.admin, item.id, { action: "resolve", note: "removed", version: item.version })).status).toBe(200);
    const decided = await itemNow(s.h, s.moderator, item.id);
    await expectWaitsForAdmin(await reviewCommand(s.h, s.moderator, item.id, { action: "reopen", version: decided.version }));
    expect((await itemNow(s.h, s.moderator, item.id)).state).toBe("resolved");
  });

  it.each(["resolve", "dismiss"] as const)("skips an escalated item in a moderator's bulk %s, saying it waits for an admin, and decides the rest", async (action) => {
    const item = await escalated();
    const other = await freshItem(s.h, s.moderator);
    const response = await bulk(action, [item, other], s.moderator);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: BulkReviewResult };
    expect(data.updated).toEqual([other.id]);
    expect(data.skipped).toEqual([{ id: item.id, reason: waitsForAdmin }]);
    expect((await itemNow(s.h, s.moderator, item.id)).state).toBe("open");
  });

  it("lets an admin pin the escalated item, deactivate its sender and decide it in bulk", async () => {
    const item = await escalated();
    expect((await pinItem(s.h, s.admin, item)).status).toBe(200);
    expect((await deactivateSendersOf(s.h, s.admin, [await itemNow(s.h, s.admin, item.id)])).status).toBe(200);
    expect((await loadQueue(s.h, s.admin)).people[item.senderUid]?.deactivated).toBe(true);
    const { data } = (await (await bulk("resolve", [await itemNow(s.h, s.admin, item.id)], s.admin)).json()) as { data: BulkReviewResult };
    expect(data.updated).toEqual([item.id]);
  });

  it("still lets a moderator act on items that are not escalated", async () => {
    const item = await freshItem(s.h, s.moderator);
    expect((await pinItem(s.h, s.moderator, item)).status).toBe(200);
    expect((await deactivateUsers([item.senderUid], s.moderator)).status).toBe(200);
  });
});
