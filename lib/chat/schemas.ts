import { z } from "zod";
import { splitFlaggedItems } from "./flagged-items";
import { API_KEY_SCOPES } from "./scopes";

/** Zod schemas written from the chat service's contract (v3). Optional fields stay optional. */

const seconds = z.number().int();

/**
 * A time from the real service, read leniently: it has been seen as integer seconds, and the facts
 * file warns of null, strings (numeric or ISO) and absent values. Milliseconds are recognised by
 * size. Anything unreadable becomes undefined rather than failing the message it is on.
 */
export const looseSecondsSchema = z
  .unknown()
  .transform((value): number | undefined => toSeconds(value))
  .optional();

function toSeconds(value: unknown): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : undefined;
  if (number !== undefined) return Number.isFinite(number) ? Math.floor(number > 1e12 ? number / 1000 : number) : undefined;
  if (typeof value !== "string") return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : Math.floor(parsed / 1000);
}

/** An optional string that never fails its object: a wrong type reads as absent. */
const looseText = z.string().optional().catch(undefined);
const looseNumber = z.number().optional().catch(undefined);
/** Ids are strings in the contract; a number is the same id. */
const idLike = z.union([z.string(), z.number().int().transform(String)]);

/** A user inside a message (sender, receiver, flagger); only the UID is certain. */
export const entitySchema = z.object({
  uid: z.string(),
  name: looseText,
  role: looseText,
  avatar: looseText,
  status: looseText,
  createdAt: looseSecondsSchema,
  conversationId: looseText,
  lastActiveAt: looseSecondsSchema,
  updatedAt: looseSecondsSchema,
});
export type Entity = z.infer<typeof entitySchema>;

/** A group as a message's receiver (the real service's group schema): no uid, no role. */
export const groupEntitySchema = z.object({
  guid: z.string(),
  name: looseText,
  icon: looseText,
  type: looseText,
  membersCount: looseNumber,
  owner: looseText,
});

/** `{entity, entityType}`: branch on the type; an entity that fits neither reads as absent. */
const entityRefSchema = z
  .union([
    z.object({ entityType: z.literal("group"), entity: groupEntitySchema }),
    z.object({ entityType: z.string(), entity: entitySchema }),
  ])
  .optional()
  .catch(undefined);

/** The other entities of action and call messages (`by`, `for`, `on`): kept as they came, for a label. */
const anyEntityRefSchema = z
  .object({ entityType: looseText, entity: z.record(z.string(), z.unknown()) })
  .optional()
  .catch(undefined);

export const attachmentSchema = z.object({ name: looseText, extension: looseText, size: looseNumber, mimeType: looseText, url: looseText });
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * What a message carries, by kind (facts file, "Message kinds"): text; media `url` plus
 * `attachments`; custom `customData`; action and call `action` with `entities.by/for/on`. Every
 * member is optional and a wrong type reads as absent, so an odd message still shows what it can.
 */
export const messageDataSchema = z.object({
  text: looseText,
  url: looseText,
  attachments: z.array(attachmentSchema).optional().catch(undefined),
  customData: z.unknown().optional(),
  action: looseText,
  metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
  entities: z
    .object({ sender: entityRefSchema, receiver: entityRefSchema, by: anyEntityRefSchema, for: anyEntityRefSchema, on: anyEntityRefSchema })
    .optional()
    .catch(undefined),
  moderation: z.object({ status: looseText }).optional().catch(undefined),
});
export type MessageData = z.infer<typeof messageDataSchema>;

const messageBaseSchema = z.object({
  id: idLike,
  conversationId: looseText,
  sender: idLike,
  /** `user` or `group` in the real service; the contract's messages leave no doubt it is `user`. */
  receiverType: z.string().catch("user"),
  receiver: idLike,
  category: z.string().catch("message"),
  type: z.string().catch("text"),
  data: messageDataSchema.catch({}),
  sentAt: looseSecondsSchema,
  updatedAt: looseSecondsSchema,
});

export const messageSchema = messageBaseSchema.extend({
  pinnedBy: looseText,
  pinnedAt: looseSecondsSchema,
  savedAt: looseSecondsSchema,
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

export const flagSchema = z.object({
  uid: z.string(),
  name: looseText,
  avatar: looseText,
  role: looseText,
  reasonId: idLike.catch("unknown"),
  reasonName: looseText,
  description: looseText,
  remark: looseText,
  flaggedAt: looseSecondsSchema,
});
export type Flag = z.infer<typeof flagSchema>;

export const flaggedMessageSchema = messageBaseSchema.extend({
  appId: looseText,
  flaggedBy: z.array(flagSchema).default([]),
  flaggedCount: z.number().int().optional().catch(undefined),
});
export type FlaggedMessage = z.infer<typeof flaggedMessageSchema>;

export const currentMetaSchema = z.object({ limit: z.number().int(), count: z.number().int() });

/** Read per UID: the service may leave `message` out (facts file, add friend). */
export const friendResultSchema = z.record(z.string(), z.object({ success: z.boolean(), message: z.string().optional() }));
export type FriendResult = z.infer<typeof friendResultSchema>;

/**
 * The error envelope. The real service adds `devMessage` (developer wording, for logs only),
 * `source` and, on validation failures, `details` (field name -> messages); all optional.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    devMessage: looseText,
    source: looseText,
    details: z.record(z.string(), z.array(z.string()).or(z.string().transform((m) => [m]))).optional().catch(undefined),
  }),
});

/*
 * Writing decisions back, deactivated users and the lists of a deactivate/reactivate answer
 * (issue 18, from cometchat-real-service.md). Every list of these answers is optional: the
 * service leaves out a list that would be empty.
 */
const uidList = z.array(z.string()).optional();

export const deactivateAnswerSchema = z.object({ deactivatedUids: uidList, alreadyDeactivatedUids: uidList, notFound: uidList });
export type DeactivateAnswer = z.infer<typeof deactivateAnswerSchema>;

export const reactivateAnswerSchema = z.object({ reactivatedUids: uidList, notFound: uidList, nonDeactivatedUids: uidList });
export type ReactivateAnswer = z.infer<typeof reactivateAnswerSchema>;

/** The published answer is `{success, message}` with no envelope; a `data` envelope is accepted too. */
const reviewAnswerSchema = z.object({ success: z.boolean().optional(), message: z.string().optional() });
export const reviewFlaggedAnswerSchema = z.union([z.object({ data: reviewAnswerSchema }).transform((body) => body.data), reviewAnswerSchema]);

const writeBackAndUserResponses = {
  reviewFlaggedMessage: reviewFlaggedAnswerSchema,
  reactivateUsers: z.object({ data: reactivateAnswerSchema }),
  listUsers: z.object({ data: z.array(userSchema), meta: z.object({ pagination: paginationSchema.partial() }).partial().optional() }),
};

/** Response envelopes, one per endpoint; the operations table (operations.ts) says which operation reads which. */
export const responses = {
  pinMessage: z.object({ data: messageSchema }),
  updateAuthToken: z.object({ data: authTokenSchema }),
  listApiKeys: z.object({ data: z.array(apiKeySchema), meta: z.object({ pagination: paginationSchema }) }),
  addFriends: z.object({ data: z.object({ accepted: friendResultSchema }) }),
  deactivateUsers: z.object({ data: deactivateAnswerSchema }),
  getUser: z.object({ data: userSchema }),
  /** Items are read one by one (flagged-items.ts): an odd one lands in `unreadable`, never fails the list. */
  listFlaggedMessages: z
    // Paging beyond the first page is not documented: read when present, ignored when odd.
    .object({ data: z.array(z.unknown()), meta: z.object({ current: currentMetaSchema, pagination: paginationSchema.partial().optional().catch(undefined) }) })
    .transform(({ data, meta }) => ({ ...splitFlaggedItems(data), meta })),
  ...writeBackAndUserResponses,
} as const;

/**
 * A conversation's messages (list group / user messages), read one by one like the flagged list:
 * context must not fail for one odd message, which is only counted.
 */
const conversationMessagesSchema = z
  .object({ data: z.array(z.unknown()) })
  .transform(({ data }) => {
    const read = data.map((item) => messageSchema.safeParse(item));
    return { data: read.flatMap((r) => (r.success ? [r.data] : [])), unreadable: read.filter((r) => !r.success).length };
  });

/** Reading a conversation around one message (cometchat-real-service.md; spec list group / user messages). */
export const readingResponses = {
  listGroupMessages: conversationMessagesSchema,
  listUserMessages: conversationMessagesSchema,
} as const;

/** Bodies the dashboard sends. */
export const authTokenUpdateSchema = z.object({
  platform: z.string().max(200).optional(),
  userAgent: z.string().max(1000).optional(),
  appInfo: z.record(z.string(), z.unknown()).optional(),
});
export type AuthTokenUpdate = z.infer<typeof authTokenUpdateSchema>;
