import { z } from "zod";
import { badRequest } from "./errors";
import { REASON_IDS } from "./reasons";

/** Bodies and queries the emulator accepts. Unknown fields are ignored, as a service would. */

const jsonObject = z.record(z.string(), z.unknown());

export const authTokenUpdateSchema = z.object({
  platform: z.string().optional(),
  userAgent: z.string().optional(),
  appInfo: jsonObject.optional(),
});

export const addFriendsSchema = z.object({
  accepted: z.array(z.string()),
  addToConversations: z.boolean().optional(),
});

export const deactivateUsersSchema = z.object({ uidsToDeactivate: z.array(z.string()) });

export const reactivateUsersSchema = z.object({ uidsToActivate: z.array(z.string()) });

export const reviewFlaggedSchema = z.object({ status: z.enum(["approved", "disapproved"]) });

export const flagMessageSchema = z.object({ reasonId: z.enum(REASON_IDS), remark: z.string().optional() });

const positiveInt = z.string().regex(/^\d+$/, "expected a positive integer").transform(Number).pipe(z.number().int().min(1));

export const apiKeysQuerySchema = z.object({
  scope: z.enum(["fullAccess", "authOnly"]).optional(),
  searchKey: z.string().optional(),
  page: positiveInt.default(1),
  perPage: positiveInt.pipe(z.number().max(100)).default(100),
});

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** The list-users parameters of the real service's reference (cometchat-real-service.md). */
export const listUsersQuerySchema = z.object({
  searchKey: z.string().optional(),
  status: z.enum(["available", "offline"]).optional(),
  perPage: positiveInt.pipe(z.number().max(1000)).default(100),
  page: positiveInt.default(1),
  onlyDeactivated: flag.optional(),
  withDeactivated: flag.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** The flagged list's page size (`limit`); the answer never holds more than the emulated service's maximum. */
export const flaggedQuerySchema = z.object({ limit: positiveInt.optional(), page: positiveInt.optional() });

// Control routes (tests only).

export const FAULT_KINDS = ["latency", "status500", "status503", "status429", "malformed", "wrongShape", "reset", "hang", "authError", "refusal"] as const;

/** The real service's key and app refusals; its error guide documents no HTTP status for them. */
export const AUTH_ERROR_CODES = ["AUTH_ERR_EMPTY_APIKEY", "AUTH_ERR_APIKEY_NOT_FOUND", "AUTH_ERR_NO_ACCESS", "AUTH_ERR_INVALID_APPID"] as const;

export const faultSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  route: z.string().optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  /** authError only: which refusal, and with which status (any, since the service's is undocumented). */
  authCode: z.enum(AUTH_ERROR_CODES).optional(),
  status: z.number().int().min(400).max(599).optional(),
  /** refusal only: the error envelope's code, message (the service's messages may quote what it was sent) and per-field details (the real envelope's `details`). */
  code: z.string().min(1).max(100).optional(),
  message: z.string().max(2000).optional(),
  details: z.record(z.string(), z.array(z.string().max(1000)).max(10)).optional(),
  count: z.number().int().min(1).optional(),
  durationMs: z.number().int().min(1).optional(),
});
export type FaultInput = z.infer<typeof faultSchema>;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const settingsSchema = z.object({
  pinningEnabled: z.boolean().optional(),
  autoFlagIntervalMs: z.number().int().min(0).max(86_400_000).optional(),
  flaggedLimit: z.number().int().min(1).max(10_000).optional(),
  flaggedPaging: z.boolean().optional(),
  pinLimit: z.number().int().min(1).max(10_000).optional(),
  rateLimitPerMinute: z.number().int().min(1).max(100_000_000).optional(),
});

/** `groupShare`: the part of them sent in the seeded groups (default 0: all between two users). */
export const seedFlaggedSchema = z.object({ count: z.number().int().min(1).max(10_000), groupShare: z.number().min(0).max(1).default(0) });

/** The list-messages paging the dashboard uses: around a message id, before (prepend) or after (append) it. */
export const conversationQuerySchema = z.object({
  id: z.string().min(1).optional(),
  affix: z.enum(["prepend", "append"]).default("prepend"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const createMessageSchema = z.object({ sender: z.string(), receiver: z.string(), text: z.string() });

export const patchUserSchema = z.object({
  name: z.string().optional(),
  link: z.string().optional(),
  avatar: z.string().optional(),
  metadata: jsonObject.optional(),
  tags: z.array(z.string()).optional(),
  role: z.string().min(1).optional(),
  status: z.enum(["online", "available", "offline"]).optional(),
});

/** Parses or throws 400 ERR_BAD_REQUEST naming the first wrong field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: "body" | "query"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  const details: Record<string, string[]> = {};
  for (const each of result.error.issues) {
    const name = each.path.map(String).join(".") || where;
    (details[name] ??= []).push(each.message);
  }
  throw badRequest(`Invalid request ${where}${field ? `: ${field}` : ""}: ${issue?.message ?? "invalid value"}.`, details);
}
