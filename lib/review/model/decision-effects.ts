import type { UpstreamReviewStatus } from "./write-back-states";

/**
 * What each decision does for the chat service's users, in the words the queue shows on its
 * buttons and items. A decision is written back once its undo time has passed.
 */
export const DECISION_EFFECTS = {
  resolve: "Upholds the flag: the chat service then hides the message from its users.",
  dismiss: "Dismisses the flag: the message stays visible to its users.",
} as const;

/** The effect of a written-back review state on the service's users. */
export const UPSTREAM_EFFECT: Record<UpstreamReviewStatus, string> = {
  disapproved: "the message is hidden from users",
  approved: "the message stays visible to users",
};
