import { z } from "zod";

/** What the last check (or the last real call) said about the chat service; "unchecked" until the first check ends. */
export const chatServiceStatusSchema = z.enum(["unchecked", "ok", "unreachable", "key_rejected", "rate_limited", "error"]);
export type ChatServiceStatus = z.infer<typeof chatServiceStatusSchema>;

/** GET /api/health: public, so it names states and never a key, a host or a person. Times in seconds. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), checkedAt: z.number().int().nullable() }),
  chatService: z.object({ ok: z.boolean(), status: chatServiceStatusSchema, message: z.string(), checkedAt: z.number().int().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;
export type ChatServiceHealth = Health["chatService"];

/** The header's words when the key is refused: the fix is in the configuration, not in the moderator's hands. */
export const KEY_REJECTED_MESSAGE = "The chat service rejects the dashboard's API key: check CHAT_API_KEY (it must be a fullAccess key).";
