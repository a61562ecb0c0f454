import { z } from "zod";
import { apiKeyScopeSchema, paginationSchema } from "@/lib/chat/schemas";

/** What the browser receives for a key: never the full value. */
export const maskedApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  createdAt: z.number().int(),
  apiKey: z.string(),
  usedByDashboard: z.boolean(),
});
export type MaskedApiKey = z.infer<typeof maskedApiKeySchema>;

export const maskedApiKeyListSchema = z.object({
  data: z.array(maskedApiKeySchema),
  meta: z.object({ pagination: paginationSchema, returned: z.number().int() }),
});
export type MaskedApiKeyList = z.infer<typeof maskedApiKeyListSchema>;

/** A key's handle as the list gives it: the first 16 hex digits of its SHA-256. */
export const apiKeyIdSchema = z.string().regex(/^[0-9a-f]{16}$/, "expected a key id from the key list");

/** Reveal shows the value on screen, copy puts it on the clipboard; the audit log tells them apart. */
export const revealPurposeSchema = z.enum(["reveal", "copy"]);
export const revealApiKeyBodySchema = z.strictObject({ purpose: revealPurposeSchema });
export type RevealApiKeyBody = z.infer<typeof revealApiKeyBodySchema>;

/** The one answer that carries a full key value, for one key, after its audit row is written. */
export const revealedApiKeySchema = z.object({
  data: z.object({ id: z.string(), name: z.string(), scope: apiKeyScopeSchema, apiKey: z.string() }),
});
export type RevealedApiKey = z.infer<typeof revealedApiKeySchema>;

const oldKeySchema = maskedApiKeySchema.pick({ id: true, name: true, scope: true, createdAt: true }).extend({ ageDays: z.number().int() });

/** What an admin reviewing keys looks for first: broad keys, and keys that have lived too long. */
export const apiKeyWarningSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("several-full-access"), count: z.number().int() }),
  z.object({ kind: z.literal("old-keys"), maxAgeDays: z.number().int(), keys: z.array(oldKeySchema) }),
]);
export type ApiKeyWarning = z.infer<typeof apiKeyWarningSchema>;

const scopeCountSchema = z.object({ total: z.number().int(), returned: z.number().int() });

/** Counts per scope come from the service's pagination totals; the age check sees only returned keys. */
export const apiKeySummarySchema = z.object({
  data: z.object({
    scopes: z.object({ fullAccess: scopeCountSchema, authOnly: scopeCountSchema }),
    maxAgeDays: z.number().int(),
    warnings: z.array(apiKeyWarningSchema),
  }),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;
