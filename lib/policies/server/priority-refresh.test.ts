import { and, eq, inArray, isNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flaggedMessage, policy, priorityMark, reasonPolicy, reporterMute } from "@/lib/db/schema";
import { priorityScore, type FlaggerRecord, type PriorityInputs } from "@/lib/policies/model/priority";
import { readQueuePageIds } from "@/lib/review/server/queue-query";
import { syncFlaggedMessages } from "@/lib/review/server/sync";
import { DEFAULT_VIEW } from "@/lib/review/model/queue-view";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { listedMessage } from "@/lib/testing/listed-message";
import { databaseTargets } from "@/lib/testing/test-databases";
import { MARK_DECISIONS_EVERY_MS, PRIORITY_BATCH, refreshPriorities, scorePriorities } from "./priority-refresh";
import { RESCORE_AFTER_MS } from "./score-items";

/**
 * The scorer gathers each open item's inputs from the database (its flags' mapped policies, its
 * flaggers' records, its sender's live strikes, its age) and stores what the one formula makes of
 * them. Expected scores are the formula applied to inputs worked out here by hand from the fixture.
 */

const NOW = 1_800_000_000;
const NOW_MS = NOW * 1000;
const MINUTE = 60;
const DAY = 86_400;
const TARGET_HOURS = 24;

type Flag = { by: string; reason: string; at: number };

const message = (id: string, sender: string, flags: Flag[]) => listedMessage(id, { sender, flags });

let h: Harness;
const score = (inputs: Omit<PriorityInputs, "strikesForFull" | "targetSeconds">) =>
  priorityScore({ ...inputs, strikesForFull: 3, targetSeconds: TARGET_HOURS * 3600 }, DEFAULT_TEAM_SETTINGS.priorityWeights).score;
const NEW: FlaggerRecord = { upheld: 0, dismissed: 0 };

async function priorities(): Promise<Record<string, number>> {
  const rows = await h.db.select({ id: flaggedMessage.id, priority: flaggedMessage.priority }).from(flaggedMessage).where(eq(flaggedMessage.state, "open"));
  return Object.fromEntries(rows.map((row) => [row.id, row.priority]));
}

async function decide(ids: string[], state: "resolved" | "dismissed", at: number, policyName?: string) {
  const [named] = policyName ? await h.db.select().from(policy).where(eq(policy.name, policyName)) : [];
  await h.db
    .update(flaggedMessage)
    .set({ state, decidedAt: new Date(at * 1000), policyId: named?.id ?? null, strikeWeight: named?.strikeWeight ?? 0 })
    .where(inArray(flaggedMessage.id, ids));
}

describe.each(databaseTargets())("scoring open items' priority on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    const history = [
      // Hal's upheld harassment (weight 2 each): two within the 90 days, one long expired.
      message("hal-old-1", "hal", [{ by: "trusty", reason: "harassment", at: NOW - 20 * DAY }]),
      message("hal-old-2", "hal", [{ by: "trusty", reason: "harassment", at: NOW - 15 * DAY }]),
      message("hal-ancient", "hal", [{ by: "trusty", reason: "harassment", at: NOW - 200 * DAY }]),
      // A reporter whose four flags were all dismissed.
      ...["t1", "t2", "t3", "t4"].map((id) => message(id, "sam", [{ by: "troll", reason: "other", at: NOW - 30 * DAY }])),
    ];
    const open = [
      message("violence-new", "rex", [{ by: "trusty", reason: "violence", at: NOW - 10 * MINUTE }]),
      message("spam-old", "sam", [{ by: "newbie", reason: "spam", at: NOW - 2 * DAY }]),
      message("hal-again", "hal", [{ by: "newbie", reason: "harassment", at: NOW - 1 * DAY / 24 }]),
      message("troll-pile", "ola", [
        { by: "troll", reason: "other", at: NOW - 5 * MINUTE },
        { by: "newbie", reason: "unmapped-reason", at: NOW - 4 * MINUTE },
      ]),
    ];
    await syncFlaggedMessages(h.db, history, new Date(NOW_MS - 10 * DAY));
    await decide(["hal-old-1", "hal-old-2"], "resolved", NOW - 10 * DAY, "Harassment");
    await decide(["hal-ancient"], "resolved", NOW - 190 * DAY, "Harassment");
    await decide(["t1", "t2", "t3", "t4"], "dismissed", NOW - 29 * DAY);
    await syncFlaggedMessages(h.db, open, new Date(NOW_MS), TARGET_HOURS);
  });
  afterAll(() => h.close());

  it("scores every open item from its policies, flaggers' records, sender's live strikes and age, and orders the queue by it", async () => {
    const trusty = { upheld: 3, dismissed: 0 };
    const expected = {
      "violence-new": score({ severity: 5, flaggers: [trusty], liveStrikes: 0, ageSeconds: 10 * MINUTE }),
      "spam-old": score({ severity: 2, flaggers: [NEW], liveStrikes: 0, ageSeconds: 2 * DAY }),
      "hal-again": score({ severity: 3, flaggers: [NEW], liveStrikes: 4, ageSeconds: DAY / 24 }),
      // The unmapped reason adds no severity; the troll's record counts for little.
      "troll-pile": score({ severity: 1, flaggers: [{ upheld: 0, dismissed: 4 }, NEW], liveStrikes: 0, ageSeconds: 5 * MINUTE }),
    };
    // New items arrive scored by the sync.
    expect(await priorities()).toEqual(expected);
    // The scorer, gathering the same inputs from the database, writes the same scores.
    await h.db.update(flaggedMessage).set({ priority: 0, priorityDueAt: null }).where(eq(flaggedMessage.state, "open"));
    const result = await refreshPriorities(h.db, TARGET_HOURS, NOW_MS);
    expect(result.scored).toBe(4);
    expect(await priorities()).toEqual(expected);
    const [item] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, "hal-again"));
    expect(item?.priorityDetail).toMatchObject({ score: expected["hal-again"], parts: { strikes: { share: 1, basis: "4 live strikes of 3" } } });

    const page = await readQueuePageIds(h.db, { view: DEFAULT_VIEW, viewer: { id: h.staffIds.moderator, admin: false }, cursor: undefined, limit: 10, nowSeconds: NOW, targetHours: TARGET_HOURS });
    expect(page.ids).toEqual(Object.entries(expected).sort((a, b) => b[1] - a[1]).map(([id]) => id));
    expect(DEFAULT_VIEW.sort).toBe("priority");
  });

  it("scores nothing again until inputs change, then what a decision concerned", async () => {
    expect((await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + 1000)).scored).toBe(0);
    // Rex's other item is upheld: Rex's strikes and the trusty flagger's record change.
    await syncFlaggedMessages(h.db, [message("rex-2", "rex", [{ by: "trusty", reason: "violence", at: NOW - 3 * DAY }])], new Date(NOW_MS));
    await decide(["rex-2"], "resolved", NOW + 2, "Violence");
    // The next round of marking takes the decision.
    const after = await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + MARK_DECISIONS_EVERY_MS);
    expect(after.scored).toBe(1);
    expect((await priorities())["violence-new"]).toBe(score({ severity: 5, flaggers: [{ upheld: 4, dismissed: 0 }], liveStrikes: 3, ageSeconds: 10 * MINUTE + MARK_DECISIONS_EVERY_MS / 1000 }));
    expect(after.changed).toEqual(["violence-new"]);
  });

  it("scores a waiting item again when waiting moves its score a point, and one past its target only at the backstop", async () => {
    const rows = await h.db
      .select({ id: flaggedMessage.id, dueAt: flaggedMessage.priorityDueAt, priority: flaggedMessage.priority })
      .from(flaggedMessage)
      .where(eq(flaggedMessage.state, "open"));
    const due = Object.fromEntries(rows.map((row) => [row.id, row.dueAt?.getTime() ?? 0]));
    // Spam-old has waited two days of a one-day target: its age part is full.
    expect(due["spam-old"]).toBe(NOW_MS + RESCORE_AFTER_MS);
    const soonest = Math.min(...Object.values(due));
    const first = rows.filter((row) => due[row.id] === soonest);
    expect(soonest).toBeLessThan(NOW_MS + 3600_000);
    expect((await refreshPriorities(h.db, TARGET_HOURS, soonest - 1000)).scored).toBe(0);
    const moved = await refreshPriorities(h.db, TARGET_HOURS, soonest);
    expect(moved.changed.sort()).toEqual(first.map((row) => row.id).sort());
    const now = await priorities();
    for (const row of first) expect(now[row.id]).toBe(row.priority + 1);
    // At the backstop every open item is scored again (a strike may have expired meanwhile).
    expect((await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + RESCORE_AFTER_MS + 5000)).scored).toBe(4);
  });

  it("scores everything again when the weights or a policy's severity change", async () => {
    await h.db.update(policy).set({ severity: 1 }).where(eq(policy.name, "Violence"));
    const rescored = await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + RESCORE_AFTER_MS + 6000);
    expect(rescored.scored).toBe(4);
    expect(rescored.changed).toContain("violence-new");
    await h.db.update(policy).set({ severity: 5 }).where(eq(policy.name, "Violence"));
  });

  it("leaves a marked item whose score and next move stay as it was, and clears its mark", async () => {
    const settledAt = NOW_MS + RESCORE_AFTER_MS + 7000;
    expect((await refreshPriorities(h.db, TARGET_HOURS, settledAt)).scored).toBe(4);
    const read = async (id: string) => (await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, id)))[0];
    const before = await read("spam-old");
    await h.db.insert(priorityMark).values({ messageId: "spam-old" });
    const marked = await refreshPriorities(h.db, TARGET_HOURS, settledAt + 1000);
    expect(marked).toEqual({ scored: 1, written: 0, changed: [] });
    const after = await read("spam-old");
    // Not written: the score, its breakdown, when it was scored and when it is next due are those of the last scoring.
    expect(after?.priorityAt?.getTime()).toBe(settledAt);
    expect(after).toEqual(before);
    expect(await h.db.select().from(priorityMark)).toEqual([]);
  });
});

// Locks need a second connection: PGlite is one.
describe.each(databaseTargets().filter((target) => target.name === "postgres"))("marking items to score again on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    const trusty = (at: number): Flag[] => [{ by: "trusty", reason: "violence", at }];
    await syncFlaggedMessages(h.db, [message("held", "rex", trusty(NOW - 2 * DAY)), message("free", "rex", trusty(NOW - DAY)), message("decided", "rex", trusty(NOW - 3 * DAY))], new Date(NOW_MS));
    await refreshPriorities(h.db, TARGET_HOURS, NOW_MS);
  });
  afterAll(() => h.close());

  it("never waits for an item a moderator's command holds, and scores it once it is free", async () => {
    await decide(["decided"], "resolved", NOW + 2, "Violence");
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from flagged_message where id = 'held' for update");
      // Waiting for the held row would hang here until the test's timeout.
      const after = await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + MARK_DECISIONS_EVERY_MS);
      expect(after.changed).toEqual(["free"]);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    const later = await refreshPriorities(h.db, TARGET_HOURS, NOW_MS + MARK_DECISIONS_EVERY_MS + 1000);
    expect(later.changed).toEqual(["held"]);
    expect((await priorities()).held).toBe((await priorities()).free);
  });
});

describe.each(databaseTargets())("what a decision marks to score again on $name", (target) => {
  let marking: Harness;
  beforeAll(async () => {
    marking = await startHarness({ target });
  });
  afterAll(() => marking.close());

  it("marks the open items of the decided item's sender and of each of its flaggers, and no other", async () => {
    // Fay's upheld flag moves the other item she flagged by less than a point; Vic's strike moves his other one.
    const at = NOW - DAY;
    await syncFlaggedMessages(
      marking.db,
      [
        message("same-flagger", "una", [{ by: "fay", reason: "spam", at }]),
        message("same-sender", "vic", [{ by: "gus", reason: "spam", at }]),
        message("decided", "vic", [{ by: "fay", reason: "violence", at }]),
        message("unconcerned", "wes", [{ by: "hal", reason: "spam", at }]),
      ],
      new Date(NOW_MS),
      TARGET_HOURS,
    );
    expect((await refreshPriorities(marking.db, TARGET_HOURS, NOW_MS)).scored).toBe(0);
    const [violence] = await marking.db.select().from(policy).where(eq(policy.name, "Violence"));
    await marking.db
      .update(flaggedMessage)
      .set({ state: "resolved", decidedAt: new Date(NOW_MS + 2000), policyId: violence?.id ?? null, strikeWeight: violence?.strikeWeight ?? 0 })
      .where(eq(flaggedMessage.id, "decided"));
    // Decisions are marked in rounds: one sync later, not yet.
    expect((await refreshPriorities(marking.db, TARGET_HOURS, NOW_MS + 3000)).scored).toBe(0);
    expect(await marking.db.select().from(priorityMark)).toEqual([]);
    // Marked items are scored (written or, when their score stays, left as they are) and nothing else is due.
    const after = await refreshPriorities(marking.db, TARGET_HOURS, NOW_MS + MARK_DECISIONS_EVERY_MS);
    expect(after.scored).toBe(2);
    expect(after.changed).toEqual(["same-sender"]);
    expect(await marking.db.select().from(priorityMark)).toEqual([]);
  });
});

describe.each(databaseTargets())("a new item's score as the sync stores it on $name", (target) => {
  let fresh: Harness;
  beforeAll(async () => {
    fresh = await startHarness({ target });
  });
  afterAll(() => fresh.close());

  it("leaves out a muted reporter's flag, as the scorer does", async () => {
    await fresh.db.insert(reporterMute).values({ flaggerUid: "troll" });
    const flags: Flag[] = [
      { by: "troll", reason: "violence", at: NOW - 2 * MINUTE },
      { by: "newbie", reason: "spam", at: NOW - MINUTE },
    ];
    await syncFlaggedMessages(fresh.db, [message("mixed", "ola", flags)], new Date(NOW_MS), TARGET_HOURS);
    const [stored] = await fresh.db.select({ priority: flaggedMessage.priority }).from(flaggedMessage).where(eq(flaggedMessage.id, "mixed"));
    const expected = score({ severity: 2, flaggers: [NEW], liveStrikes: 0, ageSeconds: 2 * MINUTE });
    expect(stored?.priority).toBe(expected);
    await fresh.db.update(flaggedMessage).set({ priority: 0, priorityDueAt: null });
    await refreshPriorities(fresh.db, TARGET_HOURS, NOW_MS);
    expect((await fresh.db.select({ priority: flaggedMessage.priority }).from(flaggedMessage))[0]?.priority).toBe(expected);
  });
});

describe.each(databaseTargets())("a backlog of unscored items on $name", (target) => {
  const ITEMS = 2 * PRIORITY_BATCH + 100;
  let backlog: Harness;
  beforeAll(async () => {
    backlog = await startHarness({ target });
  });
  afterAll(() => backlog.close());

  const unscored = async () =>
    (await backlog.db.select({ id: flaggedMessage.id }).from(flaggedMessage).where(and(eq(flaggedMessage.state, "open"), isNull(flaggedMessage.priorityDueAt)))).length;

  it("is not left by a first import: the sync stores every item scored", async () => {
    const imported = Array.from({ length: ITEMS }, (_, i) => message(`imported-${i}`, `sender-${i % 37}`, [{ by: `flagger-${i % 11}`, reason: "spam", at: NOW - i * MINUTE }]));
    await syncFlaggedMessages(backlog.db, imported, new Date(NOW_MS), TARGET_HOURS);
    expect(await unscored()).toBe(0);
    expect((await refreshPriorities(backlog.db, TARGET_HOURS, NOW_MS)).scored).toBe(0);
  });

  it("is scored batch after batch within one sync's budget, and one batch once the budget is spent", async () => {
    // A policy's severity changes: every open item is to be scored again.
    const spam = backlog.db.select({ id: reasonPolicy.policyId }).from(reasonPolicy).where(eq(reasonPolicy.reasonId, "spam"));
    await backlog.db.update(policy).set({ severity: 4 }).where(inArray(policy.id, spam));
    const spent = await scorePriorities(backlog.db, TARGET_HOURS, { budgetMs: 0, nowMs: () => NOW_MS });
    expect(spent.scored).toBe(PRIORITY_BATCH);
    expect(await unscored()).toBe(ITEMS - PRIORITY_BATCH);
    // A budget no machine spends on two batches: the rest of the backlog in one call.
    const rest = await scorePriorities(backlog.db, TARGET_HOURS, { budgetMs: 600_000, nowMs: () => NOW_MS });
    expect(rest.scored).toBe(ITEMS - PRIORITY_BATCH);
    expect(await unscored()).toBe(0);
  });

  it("ends a sync's scoring after a batch of marked items whose scores stay", async () => {
    const ids = await backlog.db.select({ id: flaggedMessage.id }).from(flaggedMessage).where(eq(flaggedMessage.state, "open"));
    await backlog.db.insert(priorityMark).values(ids.map(({ id }) => ({ messageId: id })));
    const marked = await scorePriorities(backlog.db, TARGET_HOURS, { budgetMs: 600_000, nowMs: () => NOW_MS + 1 });
    expect(marked).toMatchObject({ scored: PRIORITY_BATCH, written: 0, changed: [] });
    expect(await backlog.db.select().from(priorityMark)).toHaveLength(ids.length - PRIORITY_BATCH);
  });
});
