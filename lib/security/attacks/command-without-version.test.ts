import { describe, expect, it } from "vitest";
import type { DeactivateSendersResult } from "@/lib/review/model/review-schemas";
import { deactivateSendersOf, freshItem, itemNow, loadQueue, pinItem, reviewCommand, reviewRoutes, sameOrigin, useReviewHarness } from "./review-api";

/**
 * Issue 19 (Low): claims and the stale-view check were advisory, because a command sent without
 * the item's version skipped the check. Every review command now has to say which version of the
 * item it was decided on: 428 without it, 409 when the item changed since. So do the actions on the
 * chat service that take an item from the queue (and claim it): pinning its message, and
 * deactivating its sender (an item changed since is skipped, like a bulk decision's).
 */
describe("review commands without the item's version", () => {
  const s = useReviewHarness();
  const bulk = async (body: unknown) => s.h.call(await reviewRoutes.bulk(), "POST", "/api/review/bulk", { cookie: s.moderator, body, headers: sameOrigin });

  it("refuses a command without a version with 428, and one claimed by a colleague since with 409, changing nothing", async () => {
    const item = await freshItem(s.h, s.moderator);
    expect((await reviewCommand(s.h, s.admin, item.id, { action: "claim", version: item.version })).status).toBe(200);
    const claimed = await itemNow(s.h, s.moderator, item.id);

    const blind = await reviewCommand(s.h, s.moderator, item.id, { action: "resolve" });
    expect(blind.status).toBe(428);
    expect(await blind.json()).toEqual({ error: { code: "ERR_PRECONDITION_REQUIRED", message: expect.stringContaining("body.version") } });
    const stale = await reviewCommand(s.h, s.moderator, item.id, { action: "resolve", version: item.version });
    expect(stale.status).toBe(409);
    expect(await itemNow(s.h, s.moderator, item.id)).toMatchObject({ state: "open", version: claimed.version });
  });

  it("refuses a bulk decision that does not give the version of every item", async () => {
    const item = await freshItem(s.h, s.moderator);
    const missing = await bulk({ action: "resolve", ids: [item.id] });
    expect(missing.status).toBe(428);
    expect(await missing.json()).toMatchObject({ error: { code: "ERR_PRECONDITION_REQUIRED", message: expect.stringContaining(item.id) } });
    expect((await itemNow(s.h, s.moderator, item.id)).state).toBe("open");
    const given = await bulk({ action: "resolve", ids: [item.id], versions: { [item.id]: item.version } });
    expect(given.status).toBe(200);
    expect((await itemNow(s.h, s.moderator, item.id)).state).toBe("resolved");
  });

  it("refuses a pin of a queue item without a version with 428, and one claimed by a colleague since with 409, calling the chat service for neither", async () => {
    const item = await freshItem(s.h, s.moderator);
    const upstreamBefore = await s.h.upstreamRequests();
    const pinRoute = await reviewRoutes.pin();
    for (const body of [undefined, {}]) {
      const blind = await s.h.call(pinRoute, "POST", `/api/messages/${item.id}/pin`, { cookie: s.moderator, params: { id: item.id }, body, headers: sameOrigin });
      expect(blind.status).toBe(428);
      expect(await blind.json()).toEqual({ error: { code: "ERR_PRECONDITION_REQUIRED", message: expect.stringContaining("body.version") } });
    }
    expect((await reviewCommand(s.h, s.admin, item.id, { action: "claim", version: item.version })).status).toBe(200);
    const stale = await pinItem(s.h, s.moderator, item);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: { code: "ERR_CONFLICT", message: expect.stringContaining("after you loaded it") } });
    expect(await s.h.upstreamRequests()).toBe(upstreamBefore);
    expect(await itemNow(s.h, s.moderator, item.id)).toMatchObject({ pinnedBy: null, assignee: { id: s.h.staffIds.admin } });
    // A message the queue does not hold has no version to send.
    const unknown = await s.h.call(pinRoute, "POST", "/api/messages/no-such-message/pin", { cookie: s.moderator, params: { id: "no-such-message" }, headers: sameOrigin });
    expect(unknown.status).toBe(404);
  });

  it("refuses to deactivate senders without every item's version, and skips an item changed since", async () => {
    const first = await freshItem(s.h, s.moderator);
    const missing = await s.h.call(await reviewRoutes.deactivateSenders(), "POST", "/api/review/deactivate-senders", {
      cookie: s.moderator,
      body: { ids: [first.id] },
      headers: sameOrigin,
    });
    expect(missing.status).toBe(428);
    expect(await missing.json()).toMatchObject({ error: { code: "ERR_PRECONDITION_REQUIRED", message: expect.stringContaining(first.id) } });

    const open = (await loadQueue(s.h, s.moderator)).data.filter((i) => i.state === "open" && !i.assignee && !i.escalation);
    const other = open.find((i) => i.senderUid !== first.senderUid);
    if (!other) throw new Error("two open items from different senders");
    expect((await reviewCommand(s.h, s.admin, first.id, { action: "resolve", version: first.version })).status).toBe(200);
    const response = await deactivateSendersOf(s.h, s.moderator, [first, other]);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: DeactivateSendersResult };
    expect(data.asked).toEqual([other.senderUid]);
    expect(data.skipped).toEqual([{ id: first.id, reason: expect.stringContaining("after you loaded it") }]);
    expect((await loadQueue(s.h, s.moderator)).people[first.senderUid]?.deactivated).toBe(false);
  });
});
