import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flaggedMessage, policy, teamSetting } from "@/lib/db/schema";
import type { StoredItem } from "@/lib/review/model/review-schemas";
import type { StrikeLedger } from "@/lib/strikes/model/strike-schemas";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { databaseTargets } from "@/lib/testing/test-databases";

let h: Harness;
let moderator: string;
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  strikes: () => import("@/app/api/users/[uid]/strikes/route"),
};
const DAY = 86_400_000;

async function resolve(item: StoredItem, policyName: string) {
  const [row] = await h.db.select().from(policy).where(eq(policy.name, policyName));
  const response = await h.call(await routes.item(), "POST", `/api/review/items/${item.id}`, {
    cookie: moderator,
    params: { id: item.id },
    body: { action: "resolve", version: item.version, policyId: row?.id },
    headers: { origin: APP_URL },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: StoredItem }).data;
}

/** Moves a decision into the past: the ledger's clock is injected, the decision's time is the database's. */
const decidedDaysAgo = (id: string, days: number, now: Date) => h.db.update(flaggedMessage).set({ decidedAt: new Date(now.getTime() - days * DAY) }).where(eq(flaggedMessage.id, id));

describe.each(databaseTargets())("the strike ledger on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
    await h.sync();
  });

  it("adds an upheld item's policy weight to its sender's ledger, and lets it expire after the team's period", async () => {
    const { readStrikeLedger, liveStrikes } = await import("./strike-ledger");
    const open = (await readWholeQueue(h, moderator, { state: "open" })).data.filter((i) => i.escalation === null);
    // Two items of one sender, one of another.
    const sender = open.find((i) => open.filter((j) => j.senderUid === i.senderUid).length >= 2)?.senderUid;
    const items = open.filter((i) => i.senderUid === sender);
    const other = open.find((i) => i.senderUid !== sender);
    if (!sender || !other || !items[0] || !items[1]) throw new Error("the emulator has no sender with two open items");
    const before = await readStrikeLedger(h.db, sender);
    const hate = await resolve(items[0], "Hate");
    await resolve(items[1], "Spam");
    await resolve(other, "Violence");

    const now = new Date();
    await decidedDaysAgo(hate.id, 89, now);
    const live = await readStrikeLedger(h.db, sender, now);
    expect(live.live).toBe(before.live + 3 + 1);
    expect(live.expiryDays).toBe(90);
    expect(live.strikes.slice(0, 2)).toEqual([
      expect.objectContaining({ messageId: items[1].id, policy: expect.objectContaining({ name: "Spam" }), weight: 1, live: true, decidedBy: expect.objectContaining({ id: h.staffIds.moderator }) }),
      expect.objectContaining({ messageId: hate.id, policy: expect.objectContaining({ name: "Hate" }), weight: 3, live: true, expiresAt: Math.floor(now.getTime() / 1000) + 86_400 }),
    ]);
    expect(live.strikes.find((s) => s.messageId === hate.id)?.excerpt).toBe(hate.text.slice(0, 140) + (hate.text.length > 140 ? "…" : ""));

    // Two days later (an injected clock) the Hate strike has expired: still listed, no longer counted.
    const later = new Date(now.getTime() + 2 * DAY);
    const expired = await readStrikeLedger(h.db, sender, later);
    expect(expired.live).toBe(before.live + 1);
    expect(expired.strikes.find((s) => s.messageId === hate.id)).toMatchObject({ live: false, weight: 3 });

    // Many users at once, for the queue's priority: the same sums, 0 for a user with none.
    const many = await liveStrikes(h.db, [sender, other.senderUid, "nobody-at-all"], later, 90);
    expect(many.get(sender)).toBe(expired.live);
    expect(many.get("nobody-at-all")).toBe(0);
    expect(many.get(other.senderUid)).toBeGreaterThanOrEqual(3);
    // A longer period (the team's setting) counts the old strike again.
    expect((await liveStrikes(h.db, [sender], later, 365)).get(sender)).toBe(before.live + 4);
  });

  it("recommends what the team's thresholds say, at the route moderators read", async () => {
    await h.db
      .insert(teamSetting)
      .values({ key: "strikeThresholds", value: [{ strikes: 3, action: "deactivate" }] })
      .onConflictDoUpdate({ target: teamSetting.key, set: { value: sql`excluded.value` } });
    const open = (await readWholeQueue(h, moderator, { state: "open" })).data.filter((i) => i.escalation === null);
    const [item] = open;
    if (!item) throw new Error("no open item");
    const read = async () => {
      const response = await h.call(await routes.strikes(), "GET", `/api/users/${item.senderUid}/strikes`, { cookie: moderator, params: { uid: item.senderUid } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: StrikeLedger }).data;
    };
    const start = await read();
    await resolve(item, "Violence");
    const after = await read();
    expect(after.live).toBe(start.live + 3);
    expect(after.recommendation).toEqual({ action: "deactivate", threshold: 3, live: after.live, words: `${after.live} strikes in 90 days: deactivation recommended` });
    // Decisions within one second tie on their time: the item is found by id, not by place.
    expect(after.strikes.find((strike) => strike.messageId === item.id)).toMatchObject({ live: true, weight: 3 });
  });
});
