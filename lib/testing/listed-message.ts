import { flaggedMessageSchema, type FlaggedMessage } from "@/lib/chat/schemas";

/** A flagged message as the chat service lists it, for tests that feed the sync: each flag by whom, why and when (seconds). */
export function listedMessage(id: string, { sender = "sam", type = "text", sentAt, flags }: { sender?: string; type?: string; sentAt?: number; flags: { by: string; reason: string; at: number }[] }): FlaggedMessage {
  const first = Math.min(...flags.map((f) => f.at));
  return flaggedMessageSchema.parse({
    id,
    sender,
    receiverType: "user",
    receiver: "zed",
    conversationId: `${sender}_user_zed`,
    category: "message",
    type,
    data: { text: `message ${id}`, entities: { sender: { entityType: "user", entity: { uid: sender, name: sender } } } },
    sentAt: sentAt ?? first - 60,
    flaggedBy: flags.map((f) => ({ uid: f.by, name: f.by, reasonId: f.reason, flaggedAt: f.at })),
  });
}
