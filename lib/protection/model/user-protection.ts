import type { ChatUser } from "@/lib/chat/schemas";
import type { TeamSettings } from "@/lib/settings/model/team-settings";
import type { Protection } from "./protection-schemas";

/**
 * Whether a chat-service user carries one of the team's protected tags or roles, and which. Tags
 * and roles are compared in lower case: the service's own filters ignore case, and an admin
 * typing "VIP" means the same tag.
 */
export function protectionFromRecord(settings: Pick<TeamSettings, "protectedTags" | "protectedRoles">, user: Pick<ChatUser, "tags" | "role">): Protection | null {
  const tags = new Set(settings.protectedTags.map((t) => t.toLowerCase()));
  const tag = user.tags?.find((t) => tags.has(t.toLowerCase()));
  if (tag !== undefined) return { by: "tag", value: tag };
  const role = user.role?.toLowerCase();
  if (role && settings.protectedRoles.some((r) => r.toLowerCase() === role)) return { by: "role", value: user.role ?? role };
  return null;
}

/** Whether anything but the admins' list can protect a user: when not, nobody's record needs reading. */
export const protectsByRecord = (settings: Pick<TeamSettings, "protectedTags" | "protectedRoles">) =>
  settings.protectedTags.length > 0 || settings.protectedRoles.length > 0;
