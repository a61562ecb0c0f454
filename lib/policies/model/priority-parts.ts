/**
 * The parts an item's priority is made of, in the order the breakdown lists them. Apart from the
 * formula's schemas (priority.ts) so the queue's rows name them without loading zod into the page.
 */
export const PRIORITY_PARTS = ["severity", "flaggers", "strikes", "age"] as const;
export type PriorityPart = (typeof PRIORITY_PARTS)[number];
