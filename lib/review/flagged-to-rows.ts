import { createHash } from "node:crypto";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import type { flag, flaggedMessage } from "@/lib/db/schema";

export type NewFlaggedMessageRow = typeof flaggedMessage.$inferInsert;
export type NewFlagRow = typeof flag.$inferInsert;

const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * The database rows for one flagged message as the chat service sent it. The message is kept
 * whole (without its flags, which get their own rows) so the queue can show what was sent.
 * Review-state columns are left to their defaults: the sync decides about them. A flagger counts
 * once per message (the flag table's key); should the list repeat one, the latest flag stands.
 */
export function flaggedToRows(message: FlaggedMessage, seenAt: Date): { message: NewFlaggedMessageRow; flags: NewFlagRow[] } {
  const { flaggedBy, ...rest } = message;
  const times = flaggedBy.map((f) => f.flaggedAt);
  return {
    message: {
      id: message.id,
      conversationId: message.conversationId,
      senderUid: message.sender,
      receiverUid: message.receiver,
      text: message.data.text ?? "",
      message: rest,
      flaggedCount: Math.max(message.flaggedCount, flaggedBy.length),
      firstFlaggedAt: toDate(times.length ? Math.min(...times) : message.sentAt),
      lastFlaggedAt: toDate(times.length ? Math.max(...times) : message.sentAt),
      sentAt: toDate(message.sentAt),
      firstSeenAt: seenAt,
      upstreamDigest: createHash("sha256").update(JSON.stringify(message)).digest("base64url"),
    },
    flags: latestPerFlagger(flaggedBy).map((f) => ({
      messageId: message.id,
      flaggerUid: f.uid,
      flaggerName: f.name,
      flaggerAvatar: f.avatar ?? null,
      flaggerRole: f.role ?? null,
      reasonId: f.reasonId,
      reasonName: f.reasonName,
      description: f.description ?? null,
      remark: f.remark ?? null,
      flaggedAt: toDate(f.flaggedAt),
    })),
  };
}

function latestPerFlagger(flags: FlaggedMessage["flaggedBy"]): FlaggedMessage["flaggedBy"] {
  const byUid = new Map<string, FlaggedMessage["flaggedBy"][number]>();
  for (const f of flags) {
    const seen = byUid.get(f.uid);
    if (!seen || f.flaggedAt >= seen.flaggedAt) byUid.set(f.uid, f);
  }
  return [...byUid.values()];
}
