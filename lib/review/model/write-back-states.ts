/**
 * The review state the dashboard writes back to the chat service, declared once: the database
 * enums (lib/db/schema.ts) and the API's zod schemas derive from these.
 *
 * Upholding a flag (resolve) is `disapproved`: the service hides the message from its users.
 * Dismissing a flag is `approved`: the message stays visible. (CometChat's moderation docs,
 * `moderation/flagged-messages.mdx` and `moderation/reviewed-messages.mdx`.)
 */
export const UPSTREAM_REVIEW_STATUSES = ["approved", "disapproved"] as const;
export type UpstreamReviewStatus = (typeof UPSTREAM_REVIEW_STATUSES)[number];

/**
 * pending: waiting for the undo window to close, or for its next attempt; sent: the service took it;
 * refused: the service answered 4xx (not 429), shown on the item with the reason; cancelled: undone
 * or reopened before it was sent.
 */
export const WRITE_BACK_STATES = ["pending", "sent", "refused", "cancelled"] as const;
