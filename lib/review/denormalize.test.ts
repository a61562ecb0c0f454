import { describe, expect, it } from "vitest";
import { denormalizeQueue } from "./denormalize";
import type { QueueResponse, StoredItem } from "./review-schemas";

const stored: StoredItem = {
  id: "m1",
  conversationId: "a_user_b",
  text: "hi",
  type: "text",
  category: "message",
  sentAt: 1,
  senderUid: "a",
  receiverUid: "b",
  flaggedCount: 1,
  firstFlaggedAt: 2,
  lastFlaggedAt: 2,
  firstSeenAt: 3,
  flags: [{ uid: "f", reasonId: "spam", remark: "ads", flaggedAt: 2 }],
  notes: [],
  state: "open",
  reopened: false,
  assignee: null,
  actionTaken: "none",
  pinnedBy: null,
  pinnedAt: null,
  decidedAt: null,
  decidedBy: null,
  escalation: null,
  version: 1,
  changedBy: null,
  changedAt: null,
};

const response: QueueResponse = {
  data: [stored],
  people: {
    a: { uid: "a", name: "Ana", role: "default", deactivated: true },
    f: { uid: "f", name: "Fay", avatar: "https://x.example/f.png", role: "vip", deactivated: false },
  },
  reasons: { spam: { name: "Spam", description: "Ads" } },
  totals: { open: 1, resolved: 0, dismissed: 0 },
  limits: { open: 10, decided: 5 },
  upstream: { ok: true, count: 1, limit: 50, fetchedAt: 5 },
};

describe("denormalizeQueue", () => {
  const [item] = denormalizeQueue(response).data;

  it("spells out the sender, with the deactivated mark shared by every item", () => {
    expect(item?.sender).toEqual({ uid: "a", name: "Ana", role: "default", deactivated: true });
  });

  it("falls back to the bare UID for a person the answer does not list", () => {
    expect(item?.receiver).toEqual({ uid: "b", name: "b", deactivated: false });
  });

  it("gives each flag its flagger's name, avatar and role, and the reason's name and description", () => {
    expect(item?.flags[0]).toEqual({
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

  it("keeps the totals, limits and upstream status", () => {
    expect(denormalizeQueue(response)).toMatchObject({ totals: response.totals, limits: response.limits, upstream: response.upstream });
  });
});
