/**
 * The review states and actions, declared once: the database enums (lib/db/schema.ts) and the
 * API's zod schemas derive from these, so the browser never imports the database schema.
 */
/**
 * `set_aside`: an open item whose every flag came from a muted reporter (lib/reporters/): out of
 * the open queue and its counts, kept and findable under its own tab, open again as soon as a live
 * flag arrives or the reporter is unmuted. Not a decision: nothing is written back for it.
 */
export const REVIEW_STATES = ["open", "resolved", "dismissed", "set_aside"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_ACTIONS_TAKEN = ["none", "pinned", "sender_deactivated"] as const;
export type ReviewActionTaken = (typeof REVIEW_ACTIONS_TAKEN)[number];

/** How many items one bulk resolve or dismiss takes. */
export const MAX_BULK_ITEMS = 500;

/** How long a review change can be undone from its toast (or with `z`). */
export const UNDO_WINDOW_SECONDS = 10;

/** An undo sent in the window's last moment still counts when it arrives a little later. */
export const UNDO_ARRIVAL_GRACE_SECONDS = 2;
