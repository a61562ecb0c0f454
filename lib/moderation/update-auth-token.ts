import "server-only";
import type { AuditRunner } from "@/lib/audit/record";
import { chat } from "@/lib/chat/service";
import type { AuthTokenUpdate } from "@/lib/chat/schemas";

/** The audit log keeps only the token's last 4 characters. */
export function shortenToken(token: string): string {
  return `…${token.slice(-4)}`;
}

export function updateAuthToken(audited: AuditRunner, uid: string, authToken: string, update: AuthTokenUpdate) {
  return audited(
    {
      action: "user.auth_token.update",
      targetUids: [uid],
      detail: { uid, token: shortenToken(authToken), fields: Object.keys(update) },
    },
    () => chat().updateAuthToken(uid, authToken, update),
  );
}
