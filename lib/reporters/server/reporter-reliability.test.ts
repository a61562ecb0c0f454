import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flag, flaggedMessage } from "@/lib/db/schema";
import type { ReviewState } from "@/lib/review/model/states";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readReporterReliability } from "./reporter-reliability";

let h: Harness;
const T0 = Date.UTC(2026, 0, 1);
const minutes = (n: number) => new Date(T0 + n * 60_000);

/** An item flagged by these flaggers, in this state, decided at this minute (null: undecided). */
function item(id: string, state: ReviewState, decidedMinute: number | null, flaggers: string[]) {
  return {
    message: {
      id,
      conversationId: "a_user_b",
      senderUid: "a",
      receiverUid: "b",
      message: {},
      flaggedCount: flaggers.length,
      firstFlaggedAt: minutes(0),
      lastFlaggedAt: minutes(0),
      sentAt: minutes(0),
      state,
      decidedAt: decidedMinute === null ? null : minutes(decidedMinute),
    },
    flags: flaggers.map((uid) => ({ messageId: id, flaggerUid: uid, flaggerName: uid, reasonId: "spam", reasonName: "Spam", flaggedAt: minutes(0) })),
  };
}

describe.each(databaseTargets())("reporters' reliability on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    // fay: 130 decided flags. The 30 decided first are all upheld and fall outside the window of
    // the latest 100, where every fourth is upheld (25) and the rest dismissed (75).
    const items = Array.from({ length: 130 }, (_, i) => item(`fay-${i}`, i < 30 || i % 4 === 0 ? "resolved" : "dismissed", i, ["fay"]));
    // Undecided items (open, set aside) say nothing about a flagger yet.
    items.push(item("open-1", "open", null, ["fay", "gil"]), item("aside-1", "set_aside", null, ["fay"]));
    // gil: two upheld, one dismissed, on items others flagged too.
    items.push(item("gil-1", "resolved", 500, ["gil", "hal"]), item("gil-2", "resolved", 501, ["gil"]), item("gil-3", "dismissed", 502, ["gil"]));
    await h.db.insert(flaggedMessage).values(items.map((i) => i.message));
    await h.db.insert(flag).values(items.flatMap((i) => i.flags));
  });
  afterAll(() => h.close());

  it("counts each flagger's upheld and dismissed flags over their latest 100 decided ones, for many flaggers at once", async () => {
    const reliability = await readReporterReliability(h.db, ["fay", "gil", "hal", "ivy"]);
    expect(Object.fromEntries(reliability)).toEqual({
      fay: { upheld: 25, dismissed: 75 },
      gil: { upheld: 2, dismissed: 1 },
      hal: { upheld: 1, dismissed: 0 },
      ivy: { upheld: 0, dismissed: 0 },
    });
  });

  it("follows every change of an item's decision at once: a new decision, a reopening", async () => {
    const hal = async () => (await readReporterReliability(h.db, ["hal"])).get("hal");
    await h.db.update(flaggedMessage).set({ state: "dismissed", decidedAt: minutes(600) }).where(eq(flaggedMessage.id, "gil-1"));
    expect(await hal()).toEqual({ upheld: 0, dismissed: 1 });
    await h.db.update(flaggedMessage).set({ state: "open" }).where(eq(flaggedMessage.id, "gil-1"));
    expect(await hal()).toEqual({ upheld: 0, dismissed: 0 });
    await h.db.update(flaggedMessage).set({ state: "resolved", decidedAt: minutes(700) }).where(eq(flaggedMessage.id, "gil-1"));
    expect(await hal()).toEqual({ upheld: 1, dismissed: 0 });
  });

  it("answers an empty map for no flaggers, and counts a flagger named twice once", async () => {
    expect((await readReporterReliability(h.db, [])).size).toBe(0);
    expect(Object.fromEntries(await readReporterReliability(h.db, ["gil", "gil"]))).toEqual({ gil: { upheld: 2, dismissed: 1 } });
  });
});
