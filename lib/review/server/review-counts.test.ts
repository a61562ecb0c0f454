import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { overdueRule } from "@/lib/review/model/overdue";
import type { ReviewCounts } from "@/lib/review/model/review-counts-schema";
import { readWholeQueue } from "@/lib/testing/queue-pages";

const HOUR = 3600;
let h: Harness;
let moderator: string;
let openIds: string[];
let decidedId: string;
const routes = {
  counts: () => import("@/app/api/review/counts/route"),
};

async function counts(cookie = moderator) {
  return h.call(await routes.counts(), "GET", "/api/review/counts", { cookie });
}

/** Sets an item's first flag to this second (and leaves everything else as the sync stored it). */
async function firstFlaggedAt(ids: string[], seconds: number) {
  await h.db.update(flaggedMessage).set({ firstFlaggedAt: new Date(seconds * 1000) }).where(inArray(flaggedMessage.id, ids));
  await h.queueChanged();
}

describe.each(databaseTargets())("GET /api/review/counts on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target, env: { REVIEW_TARGET_HOURS: "12" } });
    moderator = await h.cookieFor("moderator");
    // A sync stores the chat service's flagged list; then one item is decided.
    await h.sync();
    const queue = await readWholeQueue(h, moderator);
    const open = queue.data.filter((i) => i.state === "open").map((i) => i.id);
    [decidedId = "", ...openIds] = open;
    await h.db.update(flaggedMessage).set({ state: "resolved" }).where(eq(flaggedMessage.id, decidedId));
    expect(openIds.length).toBeGreaterThan(3);
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    const now = Math.floor(Date.now() / 1000);
    await firstFlaggedAt([...openIds, decidedId], now - HOUR);
    await h.db.update(flaggedMessage).set({ escalatedAt: null }).where(inArray(flaggedMessage.id, [...openIds, decidedId]));
    await h.queueChanged();
  });

  it("answers the open, overdue and escalated counts from the database, with the configured target (12 hours here, not the default 24)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const [a = "", b = "", c = ""] = openIds;
    await firstFlaggedAt([a, b], now - 13 * HOUR);
    await firstFlaggedAt([c], now - 11 * HOUR);
    // A decided item is neither open, overdue nor escalated, however old.
    await firstFlaggedAt([decidedId], now - 100 * HOUR);
    await h.db.update(flaggedMessage).set({ escalatedAt: new Date() }).where(inArray(flaggedMessage.id, [c, decidedId]));
    await h.queueChanged();

    const response = await counts();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: ReviewCounts }).data).toEqual({ open: openIds.length, overdue: 2, escalated: 1 });
  });

  it("counts an item first flagged exactly at the target as not overdue, and one a second older as overdue", async () => {
    const { countReviewItems } = await import("./review-counts");
    const now = Math.floor(Date.now() / 1000);
    const [a = "", b = ""] = openIds;
    await firstFlaggedAt([a], now - 2 * HOUR);
    await firstFlaggedAt([b], now - 2 * HOUR - 1);
    expect(await countReviewItems(h.db, overdueRule(2, now))).toMatchObject({ overdue: 1 });
    expect(await countReviewItems(h.db, overdueRule(2, now + 1))).toMatchObject({ overdue: 2 });
  });

  it("needs a signed-in staff member and takes no query", async () => {
    expect((await counts("")).status).toBe(401);
    const withQuery = await h.call(await routes.counts(), "GET", "/api/review/counts", { cookie: moderator, query: { state: "open" } });
    expect(withQuery.status).toBe(400);
  });
});
