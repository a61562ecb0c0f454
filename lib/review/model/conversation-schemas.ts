import { z } from "zod";

/**
 * The messages around a flagged one, as GET /api/groups/{guid}/messages and
 * GET /api/users/{uid}/messages answer. Client-safe. `summary` stands in for a message that is
 * not plain text (an image, a custom message…); `unreadable` counts messages the service sent in a
 * shape the dashboard could not read.
 */
export const contextMessageSchema = z.object({
  id: z.string(),
  sender: z.string(),
  senderName: z.string(),
  sentAt: z.number().int().optional(),
  text: z.string(),
  summary: z.string().optional(),
});
export type ContextMessage = z.infer<typeof contextMessageSchema>;

export const conversationContextSchema = z.object({
  data: z.object({ before: z.array(contextMessageSchema), after: z.array(contextMessageSchema), unreadable: z.number().int() }),
});
export type ConversationContext = z.infer<typeof conversationContextSchema>["data"];

/** Messages shown on each side of the flagged one. */
export const CONTEXT_SIZE = 5;
