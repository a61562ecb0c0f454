// The words for an item escalated to admins, in a module of their own: the users page says them
// without loading the review commands (lib/review/model/transitions.ts).

/**
 * Why a moderator may not act on an escalated item, in the same words on the server and in the
 * queue (where the buttons are disabled with it as their description).
 */
export function waitsForAdmin(escalatedBy: string | null | undefined, what = "This item"): string {
  return `${what} is escalated to admins${escalatedBy ? ` by ${escalatedBy}` : ""}: it waits for an admin, who alone can act on it now.`;
}

/** Why a moderator may not deactivate a user: they sent `messageId`, which waits for an admin. */
export const senderWaitsForAdmin = (uid: string, messageId: string) => waitsForAdmin(null, `${uid} sent message ${messageId}, which`);
