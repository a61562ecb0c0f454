import "server-only";
import type { AuditRunner } from "@/lib/audit/record";
import { chat } from "@/lib/chat/service";

export function addFriends(audited: AuditRunner, uid: string, accepted: string[], addToConversations: boolean) {
  return audited(
    { action: "user.friends.add", targetUids: [uid, ...accepted], detail: { uid, accepted, addToConversations } },
    () => chat().addFriends(uid, accepted, addToConversations),
    ({ data }) => ({ results: data.accepted }),
  );
}
