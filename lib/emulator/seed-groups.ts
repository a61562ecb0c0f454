import { avatarFor } from "./avatar";
import type { Prng } from "./prng";
import type { ReasonId } from "./reasons";
import { conversationIdOf, groupConversationIdOf, type FlagRecord, type GroupRecord, type MessageKind, type MessageRecord } from "./records";
import { DAY, HOUR, MINUTE } from "./seed-messages";
import { CHAT_LINES, REMARKS } from "./seed-texts";

/**
 * Group conversations and the message kinds beyond text (cometchat-real-service.md): groups with
 * names, icons and members; group chatter; and flagged messages that are group texts, images,
 * files, audio, video, custom and action messages. Flag times are recent (minutes to a day), so
 * they are within the flagged list's first page.
 */

const GROUP_SEEDS = [
  { guid: "hiking-club", name: "Hiking club", type: "public", owner: "ana-souza", members: ["ana-souza", "kenji-watanabe", "chad-becker", "mallory", "lucia-fernandez", "arjun-nair", "noah-williams", "mia-schmidt"] },
  { guid: "night-owls", name: "Night owls 🦉", type: "private", owner: "kenji-watanabe", members: ["kenji-watanabe", "lena-fischer", "dmitri-petrov", "ingrid-johansen", "erik-lindqvist"] },
  { guid: "marketplace", name: "Marketplace", type: "public", owner: "priya-raman", members: ["priya-raman", "dmitri-petrov", "mallory", "wei-zhang", "kim-hana", "chloe-lefevre", "kwame-mensah"] },
] as const;

export function seedGroups(now: number): GroupRecord[] {
  return GROUP_SEEDS.map((seed, i) => ({
    guid: seed.guid,
    name: seed.name,
    icon: avatarFor(seed.name, i + 3),
    type: seed.type,
    owner: seed.owner,
    members: [...seed.members],
    createdAt: now - (60 + i * 17) * DAY,
  }));
}

type Draft = Omit<MessageRecord, "id">;

function draft(sender: string, receiver: string, text: string, sentAt: number, options: { group?: boolean; kind?: MessageKind; flags?: FlagRecord[] } = {}): Draft {
  return {
    conversationId: options.group ? groupConversationIdOf(receiver) : conversationIdOf(sender, receiver),
    sender,
    receiver,
    ...(options.group ? { receiverType: "group" as const } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    text,
    metadata: {},
    sentAt,
    updatedAt: sentAt,
    flags: options.flags ?? [],
  };
}

function flags(prng: Prng, sentAt: number, now: number, reasonId: ReasonId, uids: readonly string[]): FlagRecord[] {
  const latest = now - 10 * MINUTE;
  return uids.map((uid, i) => ({ uid, reasonId, remark: prng.pick(REMARKS[reasonId]), flaggedAt: Math.min(latest, sentAt + (i + 1) * 7 * MINUTE) }));
}

/** Chatter in each group, then the flagged group and media messages; sentAt ascending within each part. */
export function groupAndMediaMessages(prng: Prng, groups: readonly GroupRecord[], now: number): Draft[] {
  const drafts: Draft[] = [];
  for (const group of groups) {
    let at = now - 3 * DAY - prng.int(0, DAY);
    for (let i = 0; i < 12; i++) {
      drafts.push(draft(prng.pick(group.members), group.guid, prng.pick(CHAT_LINES), at, { group: true }));
      at += prng.int(10 * MINUTE, 5 * HOUR);
    }
  }
  const sent = (hoursAgo: number) => now - hoursAgo * HOUR;
  const media = (type: "image" | "video" | "audio" | "file", ...files: string[]): MessageKind => ({ category: "message", type, files });
  drafts.push(
    draft("chad-becker", "hiking-club", "Nobody wants you on this trip, stay home or you'll regret it.", sent(20), {
      group: true,
      flags: flags(prng, sent(20), now, "harassment", ["lucia-fernandez", "arjun-nair"]),
    }),
    draft("mallory", "hiking-club", "", sent(18), { group: true, kind: media("image", "sunset.png"), flags: flags(prng, sent(18), now, "sexual_content", ["noah-williams"]) }),
    draft("dmitri-petrov", "kim-hana", "", sent(16), { kind: media("image", "receipt.png"), flags: flags(prng, sent(16), now, "spam", ["kim-hana"]) }),
    draft("mallory", "wei-zhang", "", sent(14), { kind: media("file", "terms.txt"), flags: flags(prng, sent(14), now, "spam", ["wei-zhang", "chloe-lefevre"]) }),
    draft("dmitri-petrov", "night-owls", "", sent(12), { group: true, kind: media("audio", "voice-note.wav"), flags: flags(prng, sent(12), now, "spam", ["erik-lindqvist"]) }),
    draft("lena-fischer", "ingrid-johansen", "", sent(10), { kind: media("video", "clip.mp4"), flags: flags(prng, sent(10), now, "sexual_content", ["ingrid-johansen"]) }),
    draft("mallory", "marketplace", "", sent(8), {
      group: true,
      kind: { category: "custom", type: "payment_request", customData: { amount: 499, currency: "USD", note: "deposit for the iPhone, pay first", payTo: "http://pay.example/scam" } },
      flags: flags(prng, sent(8), now, "spam", ["kwame-mensah", "priya-raman"]),
    }),
    draft("chad-becker", "hiking-club", "", sent(6), {
      group: true,
      kind: { category: "action", type: "groupMember", action: "kicked", on: "noah-williams" },
      flags: flags(prng, sent(6), now, "harassment", ["mia-schmidt"]),
    }),
    draft("mallory", "lucia-fernandez", "", sent(4), { kind: media("image", "drawing.svg"), flags: flags(prng, sent(4), now, "other", ["lucia-fernandez"]) }),
  );
  return drafts;
}
