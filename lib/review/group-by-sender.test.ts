import { describe, expect, it } from "vitest";
import { flagOf, person, queueItem } from "@/lib/testing/queue-items";
import { groupBySender } from "./group-by-sender";

describe("groupBySender", () => {
  const ana = person("ana", "Ana");
  const bo = person("bo", "Bo");
  const cy = person("cy", "Cy");
  const items = [
    queueItem("1", { sender: ana, flaggedCount: 1 }),
    queueItem("2", { sender: bo, flaggedCount: 5 }),
    queueItem("3", { sender: ana, flaggedCount: 2 }),
    queueItem("4", { sender: cy, flaggedCount: 1 }),
    queueItem("5", { sender: ana, flaggedCount: 1 }),
  ];

  it("totals messages and flags per sender", () => {
    const groups = groupBySender(items);
    expect(groups.map((g) => [g.sender.uid, g.messageCount, g.flagCount])).toEqual([
      ["bo", 1, 5],
      ["ana", 3, 4],
      ["cy", 1, 1],
    ]);
  });

  it("puts the most flags first, then the most messages", () => {
    const tie = [queueItem("1", { sender: bo, flaggedCount: 4 }), queueItem("2", { sender: ana, flaggedCount: 2 }), queueItem("3", { sender: ana, flaggedCount: 2 })];
    expect(groupBySender(tie).map((g) => g.sender.uid)).toEqual(["ana", "bo"]);
  });

  it("keeps the items' order inside a group", () => {
    expect(groupBySender(items).find((g) => g.sender.uid === "ana")?.items.map((i) => i.id)).toEqual(["1", "3", "5"]);
  });

  it("orders equal groups by name", () => {
    const even = [queueItem("1", { sender: cy }), queueItem("2", { sender: ana, flags: [flagOf("f", "spam", 1)] })];
    expect(groupBySender(even).map((g) => g.sender.uid)).toEqual(["ana", "cy"]);
  });

  it("returns nothing for no items", () => expect(groupBySender([])).toEqual([]));
});
