import { z } from "zod";
import { apiKeyScopeSchema, authTokenUpdateSchema } from "@/lib/chat/schemas";
import { uidListSchema } from "@/lib/api/params";
import { deactivationDecisionFields } from "@/lib/protection/model/protection-schemas";
import { APP_INFO_TOO_LARGE, NOTHING_TO_UPDATE, appInfoFits, hasSomethingToUpdate } from "@/lib/users/auth-token-input";

/** Bodies and queries of the dashboard's API; extra fields are refused rather than ignored. */
export const deactivateBodySchema = z.strictObject({
  uidsToDeactivate: uidListSchema,
  /** What is left of the bulk run this request is a batch of (this batch included): a run the hourly limit cannot take is refused before it starts. */
  bulkRemaining: z.number().int().min(1).max(100_000).optional(),
  ...deactivationDecisionFields,
});

export const reactivateBodySchema = z.strictObject({ uidsToActivate: uidListSchema });

export const addFriendsBodySchema = z.strictObject({
  accepted: uidListSchema,
  addToConversations: z.boolean().default(false),
});

export const authTokenBodySchema = z
  .strictObject(authTokenUpdateSchema.shape)
  .refine(hasSomethingToUpdate, NOTHING_TO_UPDATE)
  .refine((body) => appInfoFits(body.appInfo), { message: APP_INFO_TOO_LARGE, path: ["appInfo"] });

export const apiKeysQuerySchema = z.strictObject({
  scope: apiKeyScopeSchema.optional(),
  search: z.string().max(200).optional(),
});
