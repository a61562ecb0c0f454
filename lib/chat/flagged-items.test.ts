import { describe, expect, it } from "vitest";
import { boundedJson, splitFlaggedItems } from "./flagged-items";
import { realFlaggedList, unreadable } from "./fixtures/real-service-flagged";
import { responses } from "./schemas";

describe("the flagged list read item by item", () => {
  const list = responses.listFlaggedMessages.parse(realFlaggedList);

  it("keeps every readable item and sets the unreadable one apart, with its id, problem and raw JSON", () => {
    expect(list.data.map((m) => m.id)).toEqual(["101", "102", "103", "104", "105", "106"]);
    expect(list.unreadable).toHaveLength(1);
    const [item] = list.unreadable;
    expect(item?.id).toBe("107");
    expect(item?.problem).toMatch(/^(sender|flaggedBy):/);
    expect(JSON.parse(item?.raw ?? "")).toEqual(unreadable);
    expect(list.meta.current).toEqual({ limit: 50, count: 7 });
  });

  it("reads an item it was handed before as it read it then, readable or not", () => {
    const items = structuredClone(realFlaggedList.data);
    const first = splitFlaggedItems(items);
    const again = splitFlaggedItems(items);
    expect(again.data).toHaveLength(first.data.length);
    again.data.forEach((message, i) => expect(message).toBe(first.data[i]));
    expect(again.unreadable[0]).toBe(first.unreadable[0]);
    // An equal item that is another object is read afresh.
    expect(splitFlaggedItems(structuredClone(items)).data[0]).not.toBe(first.data[0]);
  });

  it("reads a group receiver without uid or role", () => {
    const image = list.data.find((m) => m.id === "102");
    expect(image?.receiverType).toBe("group");
    expect(image?.data.entities?.receiver?.entity).toMatchObject({ guid: "cometchat-guid-1", name: "Hiking group", membersCount: 42 });
  });

  it("reads numeric-string, ISO, null and missing times", () => {
    const image = list.data.find((m) => m.id === "102");
    expect(image?.sentAt).toBe(1_700_000_300);
    expect(image?.updatedAt).toBe(Date.parse("2023-11-14T22:18:20Z") / 1000);
    expect(image?.flaggedBy[0]?.flaggedAt).toBe(Date.parse("2023-11-14T22:20:00Z") / 1000);
    const custom = list.data.find((m) => m.id === "103");
    expect(custom?.sentAt).toBeUndefined();
    expect(custom?.flaggedBy[0]?.flaggedAt).toBeUndefined();
    expect(list.data.find((m) => m.id === "106")?.sentAt).toBeUndefined();
  });

  it("keeps media attachments, custom data and action entities", () => {
    expect(list.data.find((m) => m.id === "102")?.data.attachments?.[0]).toMatchObject({ name: "photo.png", mimeType: "image/png", size: 20_480 });
    expect(list.data.find((m) => m.id === "103")?.data.customData).toEqual({ latitude: 19.07, longitude: 72.87 });
    expect(list.data.find((m) => m.id === "104")?.data.action).toBe("added");
    expect(list.data.find((m) => m.id === "106")?.category).toBe("interactive");
  });

  it("refuses an item whose id could reach another dashboard path", () => {
    const { data, unreadable: odd } = splitFlaggedItems([{ ...realFlaggedList.data[0], id: "../apikeys" }]);
    expect(data).toEqual([]);
    expect(odd[0]).toMatchObject({ id: "../apikeys", problem: expect.stringMatching(/^id:/) });
  });

  it("names an item with no id as such, and survives a value that is not an object", () => {
    const { unreadable: odd } = splitFlaggedItems([null, 42, { id: 7 }]);
    expect(odd.map((o) => o.id)).toEqual([null, null, "7"]);
  });
});

describe("raw JSON kept for an unreadable item", () => {
  it("is cut to its cap and never ends in half a surrogate pair", () => {
    const { text, truncated } = boundedJson({ t: `${"a".repeat(10)}😀` }, 19);
    expect(truncated).toBe(true);
    expect(text).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("keeps NUL characters and lone surrogates escaped", () => {
    const { text } = boundedJson({ t: "a\u0000b\uD800c" });
    expect(text).toContain("\\u0000");
    expect(text).toContain("\\ud800");
  });
});
