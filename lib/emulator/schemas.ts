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

export const flagMessageSchema = z.object({ reasonId: z.enum(REASON_IDS), remark: z.string().optional() });

const positiveInt = z.string().regex(/^\d+$/, "expected a positive integer").transform(Number).pipe(z.number().int().min(1));

export const apiKeysQuerySchema = z.object({
  scope: z.enum(["fullAccess", "authOnly"]).optional(),
  searchKey: z.string().optional(),
  page: positiveInt.default(1),
  perPage: positiveInt.pipe(z.number().max(100)).default(100),
});

// Control routes (tests only).

export const FAULT_KINDS = ["latency", "status500", "status503", "status429", "malformed", "wrongShape", "reset", "hang"] as const;

export const faultSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  route: z.string().optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  count: z.number().int().min(1).optional(),
  durationMs: z.number().int().min(1).optional(),
});
export type FaultInput = z.infer<typeof faultSchema>;

export const settingsSchema = z.object({
  pinningEnabled: z.boolean().optional(),
  autoFlagIntervalMs: z.number().int().min(0).max(86_400_000).optional(),
  flaggedLimit: z.number().int().min(1).max(10_000).optional(),
});

export const seedFlaggedSchema = z.object({ count: z.number().int().min(1).max(10_000) });

export const createMessageSchema = z.object({ sender: z.string(), receiver: z.string(), text: z.string() });

export const patchUserSchema = z.object({
  name: z.string().optional(),
  link: z.string().optional(),
  avatar: z.string().optional(),
  metadata: jsonObject.optional(),
  tags: z.array(z.string()).optional(),
  role: z.string().min(1).optional(),
  status: z.enum(["online", "offline"]).optional(),
});

/** Parses or throws 400 ERR_BAD_REQUEST naming the first wrong field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: "body" | "query"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw badRequest(`Invalid request ${where}${field ? `: ${field}` : ""}: ${issue?.message ?? "invalid value"}.`);
}
