import { z } from "zod";
import { syncHealthSchema } from "@/lib/review/model/sync-status-schema";

/** What the last check (or the last real call) said about the chat service; "unchecked" until the first check ends. */
export const chatServiceStatusSchema = z.enum(["unchecked", "ok", "unreachable", "key_rejected", "rate_limited", "error"]);
export type ChatServiceStatus = z.infer<typeof chatServiceStatusSchema>;

/** GET /api/health: public, so it names states and never a key, a host or a person. Times in seconds. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), checkedAt: z.number().int().nullable() }),
  chatService: z.object({ ok: z.boolean(), status: chatServiceStatusSchema, message: z.string(), checkedAt: z.number().int().nullable() }),
  /** The flagged-list sync as this instance last read its stored state (null before, or with the sync off). Added by the route. */
  sync: syncHealthSchema.nullable().optional(),
});
export type Health = z.infer<typeof healthSchema>;
export type ChatServiceHealth = Health["chatService"];
