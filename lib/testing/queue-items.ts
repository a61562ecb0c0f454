import type { QueueFlag, QueueItem, QueuePerson, StoredItem } from "@/lib/review/model/review-schemas";

/** Builds review-queue items for unit tests: only what a test cares about needs saying. */
export function person(uid: string, name = uid, extra: Partial<QueuePerson> = {}): QueuePerson {
  return { uid, name, role: "default", status: "offline", deactivated: false, ...extra };
}

export function flagOf(uid: string, reasonId: string, flaggedAt: number, extra: Partial<QueueFlag> = {}): QueueFlag {
  return { uid, name: uid, reasonId, reasonName: reasonId, flaggedAt, reporter: { upheld: 0, dismissed: 0, muted: false }, ...extra };
}

export function queueItem(id: string, extra: Partial<QueueItem> = {}): QueueItem {
  const flags = extra.flags ?? [flagOf("flagger-1", "spam", 1_700_000_000)];
  const times = flags.map((f) => f.flaggedAt);
  return {
    id,
    conversationId: "a_user_b",
    text: `message ${id}`,
    type: "text",
    category: "message",
    receiverType: "user",
    group: null,
    content: { kind: "text" },
    sentAt: 1_699_999_000,
    sender: person("a"),
    receiver: person("b"),
    flaggedCount: flags.length,
    firstFlaggedAt: Math.min(...times),
    lastFlaggedAt: Math.max(...times),
    firstSeenAt: 1_700_000_100,
    flags,
    notes: [],
    state: "open",
    reopened: false,
    assignee: null,
    takenFrom: null,
    actionTaken: "none",
    pinnedBy: null,
    pinnedAt: null,
    decidedAt: null,
    decidedBy: null,
    escalation: null,
    policyId: null,
    strikeWeight: 0,
    version: 1,
    changedBy: null,
    changedAt: null,
    writeBack: null,
    priority: 0,
    priorityDetail: null,
    ...extra,
  };
}

/** An item as the API sends it: people and reasons by id (see lib/review/model/denormalize.ts). */
export function storedItem(id: string, extra: Partial<StoredItem> = {}): StoredItem {
  const { sender, receiver, flags, ...rest } = queueItem(id);
  return { ...rest, senderUid: sender.uid, receiverUid: receiver.uid, flags: flags.map(({ uid, reasonId, flaggedAt }) => ({ uid, reasonId, flaggedAt })), ...extra };
}
