import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, flaggedMessage } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readQueueHealth } from "./queue-health";

const NOW = new Date(Date.UTC(2026, 10, 27, 12));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const OPTIONS = { days: 30, targetHours: 24, goalPercent: 90, now: NOW };

let h: Harness;
let n = 0;

/** An item first flagged `flaggedAgo` before NOW, open or decided `decidedAgo` before NOW. */
async function item(flaggedAgo: number, extra: Partial<typeof flaggedMessage.$inferInsert> = {}) {
  const id = `health-${++n}`;
  const first = ago(flaggedAgo);
  await h.db.insert(flaggedMessage).values({
    id,
    conversationId: "a_user_b",
    senderUid: "a",
    receiverUid: "b",
    message: {},
    flaggedCount: 1,
    firstFlaggedAt: first,
    lastFlaggedAt: first,
    sentAt: first,
    ...extra,
  });
  return id;
}

/** A decided item: decided `decidedAgo` before NOW, `waited` after its first flag. */
async function decision(decidedAgo: number, waited: number, deciderId: string, state: "resolved" | "dismissed" = "resolved") {
  return item(decidedAgo + waited, { state, decidedAt: ago(decidedAgo), decidedById: deciderId });
}

const claim = (messageId: string, when: Date, outcome: "success" | "failure" = "success") =>
  h.db.insert(auditLog).values({ at: when, staffId: h.staffIds.moderator, action: "review.claim", targetMessageId: messageId, outcome });

describe.each(databaseTargets())("queue health over fixed history on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    const { admin, moderator } = h.staffIds;
    // Open: 30 min, 2 h, 3 h, 10 h, 30 h, 50 h (escalated), 100 h (escalated); not open: set aside.
    for (const age of [0.5, 2, 3, 10, 30]) await item(age * HOUR);
    await item(50 * HOUR, { escalatedAt: ago(HOUR), escalatedById: moderator, escalationNote: "needs an admin" });
    await item(100 * HOUR, { escalatedAt: ago(2 * HOUR), escalatedById: moderator, escalationNote: "needs an admin" });
    await item(200 * HOUR, { state: "set_aside" });

    // Decided (decided ago, waited, by): within the 24 h target unless said.
    const d1 = await decision(1 * HOUR, 2 * HOUR, moderator);
    await decision(3 * HOUR, 5 * HOUR, moderator, "dismissed");
    const d2 = await decision(2 * DAY, 10 * HOUR, admin);
    const d3 = await decision(3 * DAY, 30 * HOUR, moderator); // over the target
    const d4 = await decision(10 * DAY, 20 * HOUR, moderator);
    const d5 = await decision(20 * DAY, 50 * HOUR, admin, "dismissed"); // over the target
    await decision(40 * DAY, 1 * HOUR, admin); // before both spans

    // Claims: the latest successful one before the decision counts.
    await claim(d1, ago(1.5 * HOUR));
    await claim(d2, ago(2 * DAY + 2 * HOUR));
    await claim(d3, ago(3 * DAY - HOUR)); // after its decision: not counted
    await claim(d4, ago(10 * DAY + HOUR));
    await claim(d5, ago(20 * DAY + 10 * HOUR));
    await claim(d5, ago(20 * DAY + 4 * HOUR));
    await claim(d5, ago(20 * DAY + HOUR), "failure");
  });
  afterAll(() => h.close());

  it("counts open items by age band, the oldest one's wait and the escalated ones waiting", async () => {
    const health = await readQueueHealth(h.db, { id: h.staffIds.admin, role: "admin" }, OPTIONS);
    expect(health.open).toEqual({
      total: 7,
      escalated: 2,
      oldestSeconds: 100 * 3600,
      buckets: [
        { key: "fresh", label: "< 1 h", fromSeconds: 0, toSeconds: 3600, count: 1 },
        { key: "waiting", label: "1 h–4 h", fromSeconds: 3600, toSeconds: 14_400, count: 2 },
        { key: "due", label: "4 h–24 h", fromSeconds: 14_400, toSeconds: 86_400, count: 1 },
        { key: "overdue", label: "24 h–3 d", fromSeconds: 86_400, toSeconds: 259_200, count: 2 },
        { key: "stale", label: "> 3 d", fromSeconds: 259_200, toSeconds: null, count: 1 },
      ],
    });
  });

  it("gives the share decided within the target over 7 and 30 days, and the medians over the span", async () => {
    const health = await readQueueHealth(h.db, { id: h.staffIds.admin, role: "admin" }, OPTIONS);
    expect(health.withinTarget).toEqual([
      { days: 7, decided: 4, withinTarget: 3, percent: 75 },
      { days: 30, decided: 6, withinTarget: 4, percent: (100 * 4) / 6 },
    ]);
    // Waits 2, 5, 10, 20, 30, 50 h: median 15 h. Claims 30 min, 2 h, 1 h, 4 h before: median 1.5 h.
    expect(health.medians).toEqual({ decided: 6, flagToDecisionSeconds: 15 * 3600, claimToDecisionSeconds: 1.5 * 3600, claimedDecided: 4 });
    expect(health.from).toBe("2026-10-29");
    expect(health.daily).toHaveLength(30);
    expect(health.daily.filter((d) => d.decided > 0)).toEqual([
      { day: "2026-11-07", decided: 1, withinTarget: 0, medianFlagToDecisionSeconds: 50 * 3600 },
      { day: "2026-11-17", decided: 1, withinTarget: 1, medianFlagToDecisionSeconds: 20 * 3600 },
      { day: "2026-11-24", decided: 1, withinTarget: 0, medianFlagToDecisionSeconds: 30 * 3600 },
      { day: "2026-11-25", decided: 1, withinTarget: 1, medianFlagToDecisionSeconds: 10 * 3600 },
      { day: "2026-11-27", decided: 2, withinTarget: 2, medianFlagToDecisionSeconds: 3.5 * 3600 },
    ]);
  });

  it("shows an admin every decider and a moderator only their own row", async () => {
    const forAdmin = await readQueueHealth(h.db, { id: h.staffIds.admin, role: "admin" }, OPTIONS);
    const daysOf = (daily: number[]) => Object.fromEntries(daily.flatMap((count, i) => (count ? [[forAdmin.daily[i]?.day, count]] : [])));
    expect(forAdmin.moderators.map((m) => ({ staffId: m.staffId, name: m.name, decided: m.decided, perDay: m.perDay, days: daysOf(m.daily) }))).toEqual([
      { staffId: h.staffIds.moderator, name: "mod", decided: 4, perDay: 4 / 30, days: { "2026-11-17": 1, "2026-11-24": 1, "2026-11-27": 2 } },
      { staffId: h.staffIds.admin, name: "admin", decided: 2, perDay: 2 / 30, days: { "2026-11-07": 1, "2026-11-25": 1 } },
    ]);
    const forModerator = await readQueueHealth(h.db, { id: h.staffIds.moderator, role: "moderator" }, OPTIONS);
    expect(forModerator.moderators.map((m) => [m.staffId, m.decided])).toEqual([[h.staffIds.moderator, 4]]);
    expect(forModerator.withinTarget).toEqual(forAdmin.withinTarget);
  });

  it("answers a moderator's request with the team's figures and their own row, and refuses a bad span", async () => {
    const route = await import("@/app/api/oversight/health/route");
    const response = await h.call(route, "GET", "/api/oversight/health", { cookie: await h.cookieFor("moderator"), query: { days: "7" } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { days: number; moderators: { staffId: string }[] } };
    expect(data.days).toBe(7);
    expect(data.moderators.every((m) => m.staffId === h.staffIds.moderator)).toBe(true);
    for (const days of ["6", "91", "x"]) {
      const bad = await h.call(route, "GET", "/api/oversight/health", { cookie: await h.cookieFor("admin"), query: { days } });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^query\.days/);
    }
    const unknown = await h.call(route, "GET", "/api/oversight/health", { cookie: await h.cookieFor("admin"), query: { staff: "x" } });
    expect(unknown.status).toBe(400);
    expect((await h.call(route, "GET", "/api/oversight/health")).status).toBe(401);
  });

  it("downloads each table as CSV, a moderator's per-staff table holding only their row", async () => {
    const route = await import("@/app/api/oversight/health/export/route");
    const csv = async (role: "admin" | "moderator", table: string) => {
      const response = await h.call(route, "GET", "/api/oversight/health/export", { cookie: await h.cookieFor(role), query: { table, days: "30" }, headers: { origin: APP_URL } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(new RegExp(`attachment; filename="queue-health-${table}-2\\d{3}-`));
      return (await response.text()).split("\r\n").filter(Boolean);
    };
    expect((await csv("admin", "age"))[0]).toBe("band,from_seconds,to_seconds,open_items");
    const daily = await csv("admin", "daily");
    expect(daily).toHaveLength(31);
    expect(daily[0]).toMatch(/^day,decided,within_target,median_flag_to_decision_seconds,mod,admin$/);
    expect(await csv("moderator", "moderators")).toEqual(["staff,decided,per_day", expect.stringMatching(/^mod,\d+,/)]);
    const bad = await h.call(route, "GET", "/api/oversight/health/export", { cookie: await h.cookieFor("admin"), query: { table: "secrets" } });
    expect(bad.status).toBe(400);
  });
});
