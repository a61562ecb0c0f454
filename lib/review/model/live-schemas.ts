import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";

/**
 * The review queue's push channel: what the browser reports, what the events stream sends, and
 * what dashboard instances tell each other. Client-safe (the browser imports the types only).
 */

/** POST /api/review/presence: the item whose details this moderator has open, or none. */
export const presenceBodySchema = z.strictObject({ itemId: messageIdSchema.nullable() });
export type PresenceBody = z.infer<typeof presenceBodySchema>;

/** GET /api/review/events: `since`, when the page's queue was read (server milliseconds), so a quiet queue is not fetched again. */
export const queueEventsQuerySchema = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,15}$/, "expected milliseconds since 1970")
    .transform(Number)
    .optional(),
});

export const viewerSchema = z.object({ staffId: z.string(), name: z.string(), itemId: z.string() });
/** Someone with an item open (`presence` events list them all, the moderator themselves included). */
export type Viewer = z.infer<typeof viewerSchema>;

/** The `change` event: which items changed, or null when the whole queue may have. */
export const changeEventSchema = z.object({ ids: z.array(z.string()).nullable() });
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const presenceEventSchema = z.object({ viewers: z.array(viewerSchema) });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/**
 * Between instances (lib/db/notify.ts): a change, a moderator's presence (kept for ttlMs, measured
 * by each receiver's own clock), a staff member's new name (presence shows the current one), or a
 * new listener asking the others to tell their presence again.
 */
export const liveMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("change"), ids: z.array(z.string()).nullable() }),
  z.object({
    type: z.literal("presence"),
    staffId: z.string(),
    name: z.string(),
    itemId: z.string().nullable(),
    ttlMs: z.number().int().positive().max(120_000),
  }),
  z.object({ type: z.literal("rename"), staffId: z.string(), name: z.string() }),
  z.object({ type: z.literal("hello") }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
