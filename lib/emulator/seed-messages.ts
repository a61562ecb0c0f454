import type { Prng } from "./prng";
import { REASON_IDS, type ReasonId } from "./reasons";
import { conversationIdOf, groupConversationIdOf, type FlagRecord, type GroupRecord, type MessageRecord, type UserRecord } from "./records";
import { CHAT_LINES, FLAGGED_TEXTS, HOSTILE_TEXTS, LONG_TEXTS, REMARKS } from "./seed-texts";
import { BUSY_CONVERSATION, REPEAT_OFFENDERS } from "./seed-users";

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;

/** A message before it gets its id (ids follow sentAt, like the real service's). */
type Draft = Omit<MessageRecord, "id" | "conversationId">;

/** Each offender's usual reasons; they pick one of these most of the time. */
const HABITS: Record<string, readonly ReasonId[]> = {
  "chad-becker": ["harassment", "violence"],
  mallory: ["spam", "other"],
  "victor-crane": ["hate_speech", "harassment"],
  "dmitri-petrov": ["spam"],
  "lena-fischer": ["sexual_content", "harassment"],
};

function plainDraft(sender: string, receiver: string, text: string, sentAt: number, updatedAt = sentAt): Draft {
  return { sender, receiver, text, metadata: {}, sentAt, updatedAt, flags: [] };
}

/** A back-and-forth between two people, starting at `startAt`. */
function conversationRun(prng: Prng, a: string, b: string, startAt: number, count: number): Draft[] {
  const drafts: Draft[] = [];
  let [from, to] = [a, b];
  let at = startAt;
  for (let i = 0; i < count; i++) {
    const edited = prng.chance(0.05);
    drafts.push(plainDraft(from, to, prng.pick(CHAT_LINES), at, edited ? at + prng.int(10, 10 * MINUTE) : at));
    at += prng.int(15, 3 * HOUR);
    if (prng.chance(0.7)) [from, to] = [to, from];
  }
  return drafts;
}

/**
 * `count` distinct flaggers other than the sender (`first` leads when given), flagging at
 * increasing times between `sentAt` and `latest`.
 */
export function makeFlags(prng: Prng, candidates: readonly string[], sender: string, count: number, sentAt: number, latest: number, reasonOf: () => ReasonId, first?: string): FlagRecord[] {
  const chosen: string[] = first && first !== sender ? [first] : [];
  const pool = candidates.filter((uid) => uid !== sender && !chosen.includes(uid));
  while (chosen.length < count && pool.length > 0) {
    const index = prng.int(0, pool.length - 1);
    chosen.push(...pool.splice(index, 1));
  }
  const span = Math.max(1, latest - sentAt);
  const times = chosen.map(() => sentAt + Math.max(1, Math.floor(prng.next() * span))).sort((x, y) => x - y);
  return chosen.map((uid, i) => {
    const reasonId = reasonOf();
    return { uid, reasonId, remark: prng.pick(REMARKS[reasonId]), flaggedAt: Math.min(times[i] ?? latest, latest) };
  });
}

function flaggedDrafts(prng: Prng, users: readonly UserRecord[], now: number): Draft[] {
  const all = users.map((u) => u.uid);
  const receivers = users.filter((u) => u.role !== "restricted").map((u) => u.uid);
  const offenders = new Set(REPEAT_OFFENDERS.map((o) => o.uid));
  const drafts: Draft[] = [];
  const latest = now - MINUTE;

  for (const offender of REPEAT_OFFENDERS) {
    const habits = HABITS[offender.uid] ?? REASON_IDS;
    for (let i = 0; i < offender.flagged; i++) {
      const busy = offender.uid === BUSY_CONVERSATION.sender && i < BUSY_CONVERSATION.flagged;
      const receiver = busy ? BUSY_CONVERSATION.receiver : prng.pick(receivers.filter((uid) => uid !== offender.uid));
      const reason = prng.chance(0.75) ? prng.pick(habits) : prng.pick(REASON_IDS);
      const hostile = offender.uid === "mallory" && prng.chance(0.4);
      const text = hostile ? prng.pick(HOSTILE_TEXTS) : prng.pick(FLAGGED_TEXTS[reason]);
      // The busy conversation's flags are the newest of the seed, so it is always on the first page.
      const sentAt = busy ? now - prng.int(2 * HOUR, 30 * HOUR) : now - prng.int(3 * HOUR, Math.floor(9.5 * DAY));
      const reasonOf = () => (prng.chance(0.8) ? reason : prng.pick(REASON_IDS));
      const count = busy ? prng.int(1, 4) : prng.int(1, 6);
      const flags = makeFlags(prng, all, offender.uid, count, sentAt, latest, reasonOf, prng.chance(0.8) ? receiver : undefined);
      drafts.push({ ...plainDraft(offender.uid, receiver, text, sentAt), flags });
    }
  }

  // One-off flags on ordinary people: some deserved, some false alarms on harmless lines.
  const ordinary = users.filter((u) => !offenders.has(u.uid)).map((u) => u.uid);
  for (let i = 0; i < 20; i++) {
    const sender = prng.pick(ordinary);
    const receiver = prng.pick(receivers.filter((uid) => uid !== sender));
    const falseAlarm = prng.chance(0.35);
    const reason: ReasonId = falseAlarm ? "other" : prng.pick(REASON_IDS);
    const text = falseAlarm ? prng.pick(CHAT_LINES) : prng.pick(FLAGGED_TEXTS[reason]);
    const sentAt = now - prng.int(3 * HOUR, Math.floor(9.5 * DAY));
    const flags = makeFlags(prng, all, sender, prng.int(1, 3), sentAt, latest, () => reason, prng.chance(0.6) ? receiver : undefined);
    drafts.push({ ...plainDraft(sender, receiver, text, sentAt), flags });
  }
  return drafts;
}

function everydayDrafts(prng: Prng, users: readonly UserRecord[], now: number): Draft[] {
  const uids = users.map((u) => u.uid);
  const drafts: Draft[] = [];
  for (let i = 0; i < 36; i++) {
    const a = prng.pick(uids);
    const b = prng.pick(uids.filter((uid) => uid !== a));
    drafts.push(...conversationRun(prng, a, b, now - prng.int(2 * DAY, 40 * DAY), prng.int(6, 14)));
  }
  // Long texts, placed in existing conversations so they read in context.
  LONG_TEXTS.forEach((text, i) => {
    const draft = drafts[(i * 53 + 11) % drafts.length];
    if (draft) draft.text = text;
  });
  // Mallory's unflagged hostile messages: nobody reported them, the dashboard still sees them.
  const start = now - 6 * DAY;
  HOSTILE_TEXTS.forEach((text, i) => drafts.push(plainDraft("mallory", "kenji-watanabe", text, start + i * 7 * MINUTE)));
  drafts.push(plainDraft("kenji-watanabe", "mallory", "What is this? Please stop sending me weird links.", start + 40 * MINUTE));
  return drafts;
}

/** All seeded messages, ids ascending with sentAt from 10001. */
export function seedMessages(prng: Prng, users: readonly UserRecord[], now: number): MessageRecord[] {
  const drafts = [...everydayDrafts(prng, users, now), ...flaggedDrafts(prng, users, now)];
  drafts.sort((x, y) => x.sentAt - y.sentAt);
  return drafts.map((draft, i) => ({ id: String(10_001 + i), conversationId: conversationIdOf(draft.sender, draft.receiver), ...draft }));
}

/** One extra flagged message between random people (load and performance tests). */
export function syntheticFlaggedMessage(prng: Prng, uids: readonly string[], id: string, now: number): MessageRecord {
  const sender = prng.pick(uids);
  const receiver = prng.pick(uids.filter((uid) => uid !== sender));
  const reason = prng.pick(REASON_IDS);
  const sentAt = now - prng.int(10 * MINUTE, 10 * DAY);
  const flags = makeFlags(prng, uids, sender, prng.int(1, 6), sentAt, now, () => reason);
  return { id, conversationId: conversationIdOf(sender, receiver), ...plainDraft(sender, receiver, prng.pick(FLAGGED_TEXTS[reason]), sentAt), flags };
}

/** The same in a group: a member's text, flagged by other members. */
export function syntheticGroupFlaggedMessage(prng: Prng, group: Pick<GroupRecord, "guid" | "members">, id: string, now: number): MessageRecord {
  const sender = prng.pick(group.members);
  const reason = prng.pick(REASON_IDS);
  const sentAt = now - prng.int(10 * MINUTE, 10 * DAY);
  const flags = makeFlags(prng, group.members, sender, prng.int(1, 6), sentAt, now, () => reason);
  return {
    id,
    conversationId: groupConversationIdOf(group.guid),
    ...plainDraft(sender, group.guid, prng.pick(FLAGGED_TEXTS[reason]), sentAt),
    receiverType: "group",
    flags,
  };
}
