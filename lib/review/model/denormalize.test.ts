import { describe, expect, it } from "vitest";
import { denormalizeItem } from "./denormalize";
import { storedItem } from "@/lib/testing/queue-items";
import type { QueueResponse } from "./review-schemas";

const stored = storedItem("m1", { senderUid: "a", receiverUid: "b", flags: [{ uid: "f", reasonId: "spam", remark: "ads", flaggedAt: 2 }] });

const response: QueueResponse = {
  data: [stored],
  people: {
    a: { uid: "a", name: "Ana", role: "default", deactivated: true },
    f: { uid: "f", name: "Fay", avatar: "https://x.example/f.png", role: "vip", deactivated: false },
  },
  reasons: { spam: { name: "Spam", description: "Ads" } },
};

describe("denormalizeItem", () => {
  const item = denormalizeItem(stored, response.people, response.reasons);

  it("spells out the sender, with the deactivated mark shared by every item", () => {
    expect(item.sender).toEqual({ uid: "a", name: "Ana", role: "default", deactivated: true });
  });

  it("falls back to the bare UID for a person the answer does not list", () => {
    expect(item.receiver).toEqual({ uid: "b", name: "b", deactivated: false });
  });

  it("names the group as the receiver of a group message, even when a user has the group's id", () => {
    const group = { guid: "f", name: "Book club", icon: "https://x.example/g.png", membersCount: 3 };
    const groupItem = denormalizeItem({ ...stored, receiverUid: "f", receiverType: "group", group }, response.people, response.reasons);
    expect(groupItem.receiver).toEqual({ uid: "f", name: "Book club", avatar: "https://x.example/g.png", deactivated: false });
  });

  it("gives each flag its flagger's name, avatar and role, and the reason's name and description", () => {
    expect(item.flags[0]).toEqual({
      uid: "f",
      reasonId: "spam",
      remark: "ads",
      flaggedAt: 2,
      name: "Fay",
      avatar: "https://x.example/f.png",
      role: "vip",
      reasonName: "Spam",
      description: "Ads",
    });
  });
});
