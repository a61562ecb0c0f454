import { z } from "zod";
import { API_KEY_SCOPES } from "./scopes";

/** Zod schemas written from the chat service's contract (v3). Optional fields stay optional. */

const seconds = z.number().int();

export const entitySchema = z.object({
  uid: z.string(),
  name: z.string(),
  role: z.string(),
  avatar: z.string().optional(),
  status: z.string().optional(),
  createdAt: seconds.optional(),
  conversationId: z.string().optional(),
  lastActiveAt: seconds.optional(),
  updatedAt: seconds.optional(),
});
export type Entity = z.infer<typeof entitySchema>;

const entityRefSchema = z.object({ entity: entitySchema, entityType: z.string() });

export const messageDataSchema = z.object({
  text: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  entities: z.object({ sender: entityRefSchema, receiver: entityRefSchema }).optional(),
});

const messageBaseSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.string(),
  receiverType: z.string(),
  receiver: z.string(),
  category: z.string(),
  type: z.string(),
  data: messageDataSchema,
  sentAt: seconds,
  updatedAt: seconds.optional(),
});

export const messageSchema = messageBaseSchema.extend({
  pinnedBy: z.string().optional(),
  pinnedAt: seconds.optional(),
  savedAt: seconds.optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const userSchema = z.object({
  uid: z.string(),
  name: z.string(),
  link: z.string().optional(),
  avatar: z.string().optional(),
  status: z.string().optional(),
  role: z.string().optional(),
  createdAt: seconds.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
});
export type ChatUser = z.infer<typeof userSchema>;

export const authTokenSchema = z.object({ uid: z.string(), authToken: z.string(), createdAt: seconds });
export type AuthToken = z.infer<typeof authTokenSchema>;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeySchema = z.object({
  apiKey: z.string(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  createdAt: seconds,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const flagSchema = z.object({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  role: z.string().optional(),
  reasonId: z.string(),
  reasonName: z.string(),
  description: z.string().optional(),
  remark: z.string().optional(),
  flaggedAt: seconds,
});
export type Flag = z.infer<typeof flagSchema>;

export const flaggedMessageSchema = messageBaseSchema.extend({
  appId: z.string().optional(),
  flaggedBy: z.array(flagSchema),
  flaggedCount: z.number().int(),
});
export type FlaggedMessage = z.infer<typeof flaggedMessageSchema>;

export const currentMetaSchema = z.object({ limit: z.number().int(), count: z.number().int() });

export const friendResultSchema = z.record(z.string(), z.object({ success: z.boolean(), message: z.string() }));
export type FriendResult = z.infer<typeof friendResultSchema>;

export const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Response envelopes, one per operation. */
export const responses = {
  pinMessage: z.object({ data: messageSchema }),
  updateAuthToken: z.object({ data: authTokenSchema }),
  listApiKeys: z.object({ data: z.array(apiKeySchema), meta: z.object({ pagination: paginationSchema }) }),
  addFriends: z.object({ data: z.object({ accepted: friendResultSchema }) }),
  deactivateUsers: z.object({ data: z.object({ deactivatedUids: z.array(z.string()) }) }),
  getUser: z.object({ data: userSchema }),
  listFlaggedMessages: z.object({
    data: z.array(flaggedMessageSchema),
    meta: z.object({ current: currentMetaSchema }),
  }),
} as const;

export type ChatOperation = keyof typeof responses;
export type ChatResponse<Op extends ChatOperation> = z.infer<(typeof responses)[Op]>;

/** Bodies the dashboard sends. */
export const authTokenUpdateSchema = z.object({
  platform: z.string().max(200).optional(),
  userAgent: z.string().max(1000).optional(),
  appInfo: z.record(z.string(), z.unknown()).optional(),
});
export type AuthTokenUpdate = z.infer<typeof authTokenUpdateSchema>;
