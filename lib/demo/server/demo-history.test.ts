import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readReporterReliability } from "@/lib/reporters/server/reporter-reliability";
import { liveStrikes } from "@/lib/strikes/server/strike-ledger";
import { refreshPriorities } from "@/lib/policies/server/priority-refresh";
import { readQueueHealth } from "@/lib/queue-health/server/queue-health";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { seedDemoHistory } from "./demo-history";

let h: Harness;
const NOW_MS = Date.UTC(2026, 10, 27, 12);

describe("the demo's past decisions", () => {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("give repeat offenders live strikes and reporters records, once", async () => {
    const written = await seedDemoHistory(h.db, { deciderIds: [h.staffIds.moderator, h.staffIds.admin], nowMs: NOW_MS });
    expect(written).toBeGreaterThan(30);
    expect(await seedDemoHistory(h.db, { deciderIds: [h.staffIds.moderator], nowMs: NOW_MS })).toBe(0);

    const strikes = await liveStrikes(h.db, ["chad-becker", "victor-crane", "lena-fischer", "kim-hana"], new Date(NOW_MS), DEFAULT_TEAM_SETTINGS.strikeExpiryDays);
    // Harassment 2 + Violence 3 + Harassment 2; Hate 3 (the other expired); Sexual content 2; none.
    expect(Object.fromEntries(strikes)).toEqual({ "chad-becker": 7, "victor-crane": 3, "lena-fischer": 2, "kim-hana": 0 });
    const [highest] = [...DEFAULT_TEAM_SETTINGS.strikeThresholds].sort((a, b) => b.strikes - a.strikes);
    expect(highest).toEqual({ strikes: 3, action: "deactivate" });

    const records = await readReporterReliability(h.db, ["olga-kuznetsova", "emma-johnson", "nobody"]);
    expect(Object.fromEntries(records)).toEqual({
      "olga-kuznetsova": { upheld: 1, dismissed: 12 },
      "emma-johnson": { upheld: 18, dismissed: 1 },
      nobody: { upheld: 0, dismissed: 0 },
    });
  });

  it("gives every chart of the queue-health page something to show", async () => {
    const health = await readQueueHealth(h.db, { id: h.staffIds.admin, role: "admin" }, { days: 30, targetHours: 24, goalPercent: 90, now: new Date(NOW_MS) });
    expect(health.open.escalated).toBe(2);
    expect(health.open.buckets.filter((b) => b.count > 0).length).toBeGreaterThan(0);
    // Four deciders (the two demo accounts and two former colleagues), on most days of the month.
    expect(health.moderators).toHaveLength(4);
    expect(health.moderators.every((m) => m.decided >= 10)).toBe(true);
    expect(health.daily.filter((d) => d.decided > 0).length).toBeGreaterThanOrEqual(28);
    // Waits on both sides of the target, so the share is neither nothing nor everything.
    for (const share of health.withinTarget) expect(share.percent).toBeGreaterThan(50);
    for (const share of health.withinTarget) expect(share.percent).toBeLessThan(100);
    expect(health.medians.claimedDecided).toBeGreaterThan(40);
    expect(health.medians.claimToDecisionSeconds).toBeGreaterThan(0);
    // Second reviews: everyone's decisions were checked, mostly agreed with, and some wait for a reviewer or a ruling.
    const { agreement } = health;
    expect(agreement.staff).toHaveLength(4);
    expect(agreement.staff.every((row) => row.reviewed >= 2 && row.percent !== null && row.percent >= 50)).toBe(true);
    expect(agreement.staff.some((row) => row.percent !== null && row.percent < 100)).toBe(true);
    expect(agreement.staff.reduce((sum, row) => sum + row.upheld, 0)).toBeGreaterThan(0);
    expect(agreement.policies.length).toBeGreaterThanOrEqual(2);
    expect(agreement.pending).toBe(3);
    expect(agreement.disputed).toBeGreaterThan(0);
  });

  it("puts a repeat offender's new item above the same item from someone with a clean record", async () => {
    await h.sync();
    await refreshPriorities(h.db, 24, Date.now());
    const page = await h.call(await import("@/app/api/review/queue/route"), "GET", "/api/review/queue", { cookie: await h.cookieFor("moderator"), query: { limit: "500" } });
    const { data } = (await page.json()) as { data: { senderUid: string; priority: number; priorityDetail: { parts: { strikes: { share: number } } } | null }[] };
    const chad = data.filter((item) => item.senderUid === "chad-becker");
    expect(chad.length).toBeGreaterThan(0);
    expect(chad.every((item) => item.priorityDetail?.parts.strikes.share === 1)).toBe(true);
    expect(data.map((item) => item.priority)).toEqual([...data.map((item) => item.priority)].sort((a, b) => b - a));
  });
});
