import "server-only";
import { createHash } from "node:crypto";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import type { flag, flaggedMessage } from "@/lib/db/schema";
import { canonicalUid } from "@/lib/users/user-href";
import { foldText } from "@/lib/review/model/queue-view";

export type NewFlaggedMessageRow = typeof flaggedMessage.$inferInsert;
export type NewFlagRow = typeof flag.$inferInsert;
export type FlaggedRows = { message: NewFlaggedMessageRow; flags: NewFlagRow[] };

const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * Digests of frozen messages. The chat client hands back the very same frozen messages when their
 * bytes are the same as last time (lib/chat/same-answers.ts), and the sync reads the list's first
 * page every few seconds: hashing its 1,000 messages again held the event loop for 60-100 ms a turn
 * at 100,000 items. Those are frozen whole, so they cannot change: their digests are kept with them.
 */
const frozenDigests = new WeakMap<FlaggedMessage, string>();

/** A digest of the message as the chat service sent it: a sync rewrites only messages whose digest changed. */
export function upstreamDigest(message: FlaggedMessage): string {
  const known = frozenDigests.get(message);
  if (known !== undefined) return known;
  const digest = createHash("sha256").update(JSON.stringify(message)).digest("base64url");
  if (Object.isFrozen(message)) frozenDigests.set(message, digest);
  return digest;
}

/**
 * The database rows for one flagged message as the chat service sent it. The message is kept
 * whole (without its flags, which get their own rows) so the queue can show what was sent.
 * Review-state columns are left to their defaults: the sync decides about them. A flagger counts
 * once per message (the flag table's key); should the list repeat one, the latest flag stands.
 * UIDs enter the database lower-cased (the service stores them so and answers for any case), so
 * every join, filter and link compares one form; a group's GUID is kept as sent. Its text is
 * already storable: the chat client makes every answer so (lib/text/storable-text.ts).
 * A time the service left out (or sent unreadable) falls back to the nearest one it did send,
 * and finally to when the dashboard first saw the message.
 */
export function flaggedToRows(message: FlaggedMessage, seenAt: Date, digest = upstreamDigest(message)): FlaggedRows {
  const { flaggedBy, ...rest } = message;
  const seen = Math.floor(seenAt.getTime() / 1000);
  const sentAt = message.sentAt ?? minimum(flaggedBy.map((f) => f.flaggedAt)) ?? seen;
  const flags = latestPerFlagger(flaggedBy.map((f) => ({ ...f, uid: canonicalUid(f.uid) }))).map((f) => ({ ...f, flaggedAt: f.flaggedAt ?? sentAt }));
  const senderUid = canonicalUid(message.sender);
  const receiverUid = message.receiverType === "group" ? message.receiver : canonicalUid(message.receiver);
  const times = flags.map((f) => f.flaggedAt);
  const entities = message.data.entities;
  const senderName = (entities?.sender && "uid" in entities.sender.entity ? entities.sender.entity.name : undefined) ?? senderUid;
  const receiverName = entities?.receiver?.entity.name ?? receiverUid;
  const text = message.data.text ?? "";
  return {
    message: {
      id: message.id,
      conversationId: message.conversationId ?? conversationIdOf(message.receiverType, senderUid, receiverUid),
      senderUid,
      senderName,
      receiverUid,
      receiverType: message.receiverType,
      text,
      searchText: foldText([text, message.id, senderName, senderUid, receiverName, receiverUid, ...flags.flatMap((f) => [f.name ?? f.uid, f.uid])].join("\n")),
      message: rest,
      flaggedCount: Math.max(message.flaggedCount ?? 0, flaggedBy.length),
      firstFlaggedAt: toDate(minimum(times) ?? sentAt),
      lastFlaggedAt: toDate(times.length ? Math.max(...times) : sentAt),
      sentAt: toDate(sentAt),
      firstSeenAt: seenAt,
      upstreamDigest: digest,
      // In code-point order, as the database orders them (migration 0025, collation "C").
      reasonIds: [...new Set(flags.map((f) => f.reasonId))].sort(),
    },
    flags: flags.map((f) => ({
      messageId: message.id,
      flaggerUid: f.uid,
      flaggerName: f.name ?? f.uid,
      flaggerAvatar: f.avatar ?? null,
      flaggerRole: f.role ?? null,
      reasonId: f.reasonId,
      reasonName: f.reasonName ?? f.reasonId,
      description: f.description ?? null,
      remark: f.remark ?? null,
      flaggedAt: toDate(f.flaggedAt),
    })),
  };
}

/** The service's own form when it leaves the id out: `group_<guid>`, or the two UIDs around `_user_`. */
function conversationIdOf(receiverType: string, sender: string, receiver: string): string {
  if (receiverType === "group") return `group_${receiver}`;
  const [a, b] = [sender, receiver].sort();
  return `${a}_user_${b}`;
}

function minimum(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length ? Math.min(...known) : undefined;
}

function latestPerFlagger(flags: FlaggedMessage["flaggedBy"]): FlaggedMessage["flaggedBy"] {
  const byUid = new Map<string, FlaggedMessage["flaggedBy"][number]>();
  for (const f of flags) {
    const seen = byUid.get(f.uid);
    if (!seen || (f.flaggedAt ?? 0) >= (seen.flaggedAt ?? 0)) byUid.set(f.uid, f);
  }
  return [...byUid.values()];
}
