/**
 * A user's `status` in words. The service says `available` in its user list's filter and `online`
 * on message entities (cometchat-real-service.md): both read as online. Any other value is shown as
 * the service sent it, never guessed at.
 */
export function userStatus(status: string): { online: boolean; label: string } {
  if (status === "online" || status === "available") return { online: true, label: "Online" };
  if (status === "offline") return { online: false, label: "Offline" };
  return { online: false, label: status };
}
