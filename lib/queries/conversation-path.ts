import { encodeSegment } from "@/lib/chat/path";
import type { QueueItem } from "@/lib/review/model/review-schemas";

/**
 * Where the messages around a flagged one are read: the group's list, or the conversation of its
 * receiver as seen by its sender (see lib/moderation/conversation-context.ts).
 */
export function conversationPath(item: Pick<QueueItem, "id" | "group" | "receiver" | "sender">): string {
  const around = `around=${encodeURIComponent(item.id)}`;
  if (item.group) return `/api/groups/${encodeSegment(item.group.guid)}/messages?${around}`;
  return `/api/users/${encodeSegment(item.receiver.uid)}/messages?with=${encodeURIComponent(item.sender.uid)}&${around}`;
}
