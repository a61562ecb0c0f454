import { z } from "zod";
import { apiKeyScopeSchema, authTokenUpdateSchema } from "@/lib/chat/schemas";
import { uidListSchema } from "@/lib/api/params";

/** Bodies and queries of the dashboard's API; extra fields are refused rather than ignored. */
export const deactivateBodySchema = z.strictObject({ uidsToDeactivate: uidListSchema });

export const addFriendsBodySchema = z.strictObject({
  accepted: uidListSchema,
  addToConversations: z.boolean().default(false),
});

const MAX_APP_INFO_BYTES = 8 * 1024;

export const authTokenBodySchema = z
  .strictObject(authTokenUpdateSchema.shape)
  .refine((body) => Object.keys(body).length > 0, "give at least one of platform, userAgent, appInfo")
  .refine((body) => JSON.stringify(body.appInfo ?? {}).length <= MAX_APP_INFO_BYTES, {
    message: `appInfo is larger than ${MAX_APP_INFO_BYTES / 1024} KiB`,
    path: ["appInfo"],
  });

export const apiKeysQuerySchema = z.strictObject({
  scope: apiKeyScopeSchema.optional(),
  search: z.string().max(200).optional(),
});
