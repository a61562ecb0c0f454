import { z } from "zod";
import { userSchema } from "@/lib/chat/schemas";
import { REVIEW_ACTIONS_TAKEN, REVIEW_STATES } from "@/lib/review/model/states";

/**
 * What the dashboard's own API says about a user beyond the chat service's record. Client-safe:
 * the browser parses answers with these. Times are integer seconds, like the contract.
 */

const seconds = z.number().int();
const reviewState = z.enum(REVIEW_STATES);

export const sentFlaggedMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  receiverUid: z.string(),
  state: reviewState,
  reopened: z.boolean(),
  actionTaken: z.enum(REVIEW_ACTIONS_TAKEN),
  flaggedCount: z.number().int(),
  sentAt: seconds,
  lastFlaggedAt: seconds,
});
export type SentFlaggedMessage = z.infer<typeof sentFlaggedMessageSchema>;

export const raisedFlagSchema = z.object({
  messageId: z.string(),
  senderUid: z.string(),
  text: z.string(),
  state: reviewState,
  reasonName: z.string(),
  remark: z.string().nullable(),
  flaggedAt: seconds,
});
export type RaisedFlag = z.infer<typeof raisedFlagSchema>;

export const deactivationSchema = z.object({
  at: seconds,
  byName: z.string().nullable(),
  byEmail: z.string().nullable(),
});
export type Deactivation = z.infer<typeof deactivationSchema>;

export const userContextSchema = z.object({
  data: z.object({
    uid: z.string(),
    deactivation: deactivationSchema.nullable(),
    sent: z.object({
      total: z.number().int(),
      byState: z.record(reviewState, z.number().int()),
      items: z.array(sentFlaggedMessageSchema),
      /** Their open items escalated to admins (at most `limit`): a moderator may not deactivate them meanwhile. */
      waitingForAdmin: z.array(z.string()),
    }),
    raised: z.object({ total: z.number().int(), items: z.array(raisedFlagSchema) }),
    /** How many items each list holds at most; `total` counts them all. */
    limit: z.number().int(),
  }),
});
export type UserContext = z.infer<typeof userContextSchema>["data"];

export const recentUserSchema = z.object({ uid: z.string(), name: z.string().nullable(), viewedAt: seconds });
export type RecentUser = z.infer<typeof recentUserSchema>;

export const recentUsersSchema = z.object({ data: z.array(recentUserSchema) });

/** GET /api/users/{uid}: the service's record, and whether the account is deactivated (lib/moderation/get-user.ts). */
export const userAnswerSchema = z.object({ data: userSchema, deactivated: z.boolean() });
export type UserAnswer = z.infer<typeof userAnswerSchema>;
