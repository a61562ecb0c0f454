import { describe, expect, it } from "vitest";
import { flagOf, person, queueItem } from "@/lib/testing/queue-items";
import { flagsPerDay, openItemsByReason, topRepeatOffenders } from "./overview-stats";

const NOW = Date.parse("2025-03-07T15:00:00Z") / 1000;
const DAY = 86_400;

describe("openItemsByReason", () => {
  it("counts open items per reason, an item under each of its reasons once", () => {
    const items = [
      queueItem("1", { flags: [flagOf("a", "spam", 1, { reasonName: "Spam" }), flagOf("b", "spam", 2, { reasonName: "Spam" })] }),
      queueItem("2", { flags: [flagOf("a", "spam", 1, { reasonName: "Spam" }), flagOf("c", "abuse", 3, { reasonName: "Abuse" })] }),
      queueItem("3", { state: "resolved", flags: [flagOf("a", "abuse", 1, { reasonName: "Abuse" })] }),
    ];
    expect(openItemsByReason(items)).toEqual([
      { reasonId: "spam", reasonName: "Spam", count: 2 },
      { reasonId: "abuse", reasonName: "Abuse", count: 1 },
    ]);
  });
});

describe("flagsPerDay", () => {
  it("counts every flag per UTC day over the last seven days, today last", () => {
    const items = [
      queueItem("1", { flags: [flagOf("a", "spam", NOW - 60), flagOf("b", "spam", NOW - 2 * DAY)] }),
      queueItem("2", { state: "dismissed", flags: [flagOf("a", "spam", NOW - 2 * DAY - 60), flagOf("c", "spam", NOW - 30 * DAY)] }),
    ];
    expect(flagsPerDay(items, NOW)).toEqual([
      { day: "2025-03-01", count: 0 },
      { day: "2025-03-02", count: 0 },
      { day: "2025-03-03", count: 0 },
      { day: "2025-03-04", count: 0 },
      { day: "2025-03-05", count: 2 },
      { day: "2025-03-06", count: 0 },
      { day: "2025-03-07", count: 1 },
    ]);
  });

  it("ignores flags dated in the future", () => {
    expect(flagsPerDay([queueItem("1", { flags: [flagOf("a", "spam", NOW + 2 * DAY)] })], NOW).every((d) => d.count === 0)).toBe(true);
  });
});

describe("topRepeatOffenders", () => {
  it("lists senders with more than one flagged message, most messages first", () => {
    const ana = person("ana", "Ana");
    const bo = person("bo", "Bo");
    const items = [
      queueItem("1", { sender: ana }),
      queueItem("2", { sender: ana }),
      queueItem("3", { sender: ana }),
      queueItem("4", { sender: bo, flaggedCount: 9 }),
      queueItem("5", { sender: bo }),
      queueItem("6", { sender: person("cy") }),
    ];
    expect(topRepeatOffenders(items).map((g) => [g.sender.uid, g.messageCount])).toEqual([
      ["ana", 3],
      ["bo", 2],
    ]);
  });

  it("stops at the limit", () => {
    const items = ["a", "b", "c"].flatMap((uid) => [queueItem(`${uid}1`, { sender: person(uid) }), queueItem(`${uid}2`, { sender: person(uid) })]);
    expect(topRepeatOffenders(items, 2)).toHaveLength(2);
  });
});
