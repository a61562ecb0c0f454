import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { MAX_BULK_ITEMS, REVIEW_ACTIONS_TAKEN, REVIEW_STATES } from "./states";

/**
 * The review queue as the dashboard's API sends it, and the bodies its review routes accept.
 * Client-safe: the browser parses answers with these. Times are integer seconds, like the contract.
 */

const seconds = z.number().int();

export const reviewStateSchema = z.enum(REVIEW_STATES);
export const actionTakenSchema = z.enum(REVIEW_ACTIONS_TAKEN);

/** A user as the queue knows them; each appears once per response, however many items name them. */
export const queuePersonSchema = z.object({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  role: z.string().optional(),
  status: z.string().optional(),
  deactivated: z.boolean(),
});
export type QueuePerson = z.infer<typeof queuePersonSchema>;

export const flagReasonSchema = z.object({ name: z.string(), description: z.string().optional() });

export const reviewNoteSchema = z.object({
  id: z.number().int(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: seconds,
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

export const escalationSchema = z.object({ at: seconds, by: staffRefSchema.nullable(), note: z.string() });
export type Escalation = z.infer<typeof escalationSchema>;

/** The part of an item that review commands change and an undo restores (see transitions.ts). */
export const reviewFieldsSchema = z.object({
  state: reviewStateSchema,
  reopened: z.boolean(),
  assignee: staffRefSchema.nullable(),
  decidedAt: seconds.nullable(),
  decidedBy: staffRefSchema.nullable(),
  escalation: escalationSchema.nullable(),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

/** A flag as sent: the flagger and the reason by reference (see the response's people and reasons). */
export const storedFlagSchema = z.object({ uid: z.string(), reasonId: z.string(), remark: z.string().optional(), flaggedAt: seconds });

/** A review item as the API sends it, with people by UID. */
export const storedItemSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  text: z.string(),
  type: z.string(),
  category: z.string(),
  sentAt: seconds,
  senderUid: z.string(),
  receiverUid: z.string(),
  flaggedCount: z.number().int(),
  firstFlaggedAt: seconds,
  lastFlaggedAt: seconds,
  firstSeenAt: seconds,
  flags: z.array(storedFlagSchema),
  notes: z.array(reviewNoteSchema),
  state: reviewStateSchema,
  reopened: z.boolean(),
  assignee: staffRefSchema.nullable(),
  actionTaken: actionTakenSchema,
  pinnedBy: z.string().nullable(),
  pinnedAt: seconds.nullable(),
  decidedAt: seconds.nullable(),
  decidedBy: staffRefSchema.nullable(),
  escalation: escalationSchema.nullable(),
  /** Bumped by every change; a command sent with an older version is refused as made from a stale view. */
  version: z.number().int(),
  /** Who made the change that set `version` (null: the chat service's news, or before this was recorded) and when. */
  changedBy: staffRefSchema.nullable(),
  changedAt: seconds.nullable(),
});
export type StoredItem = z.infer<typeof storedItemSchema>;

/** What the last call to the chat service's flagged list gave: its meta, or the failure in words. */
export const upstreamStatusSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), count: z.number().int(), limit: z.number().int(), fetchedAt: seconds }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string(), fetchedAt: seconds }),
]);
export type UpstreamStatus = z.infer<typeof upstreamStatusSchema>;

export const queueResponseSchema = z.object({
  data: z.array(storedItemSchema),
  people: z.record(z.string(), queuePersonSchema),
  reasons: z.record(z.string(), flagReasonSchema),
  /** Items per state in the database, whether or not all of them are in `data`. */
  totals: z.record(reviewStateSchema, z.number().int()),
  /** `data` holds at most this many open items and this many (most recently flagged) decided ones. */
  limits: z.object({ open: z.number().int(), decided: z.number().int() }),
  upstream: upstreamStatusSchema,
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

/** A flag as the queue shows it: flagger and reason spelled out. */
export type QueueFlag = z.infer<typeof storedFlagSchema> &
  Pick<QueuePerson, "name" | "avatar" | "role"> & { reasonName: string; description?: string };

/** A review item as the queue shows it (see denormalize.ts). */
export type QueueItem = Omit<StoredItem, "senderUid" | "receiverUid" | "flags"> & { sender: QueuePerson; receiver: QueuePerson; flags: QueueFlag[] };

const noteText = z.string().trim().min(1, "the note is empty").max(2000, "the note is longer than 2000 characters");

export const REVIEW_COMMANDS = ["claim", "unclaim", "resolve", "dismiss", "reopen", "escalate", "deescalate"] as const;
export const reviewCommandSchema = z.enum(REVIEW_COMMANDS);
export type ReviewCommand = z.infer<typeof reviewCommandSchema>;

const versionSchema = z.number({ error: "expected the item's version as a whole number" }).int().positive();

/** `version` is the item as the moderator saw it: when it has changed since, the command is refused (409). */
export const reviewCommandBodySchema = z.strictObject({ action: reviewCommandSchema, note: noteText.optional(), version: versionSchema.optional() });
export type ReviewCommandBody = z.infer<typeof reviewCommandBodySchema>;

export const noteBodySchema = z.strictObject({ body: noteText });

const messageIdListSchema = z
  .array(messageIdSchema, { error: "expected an array of message ids" })
  .min(1, "at least one message id is needed")
  .max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items at once`);

export const bulkReviewBodySchema = z.strictObject({
  action: z.enum(["resolve", "dismiss"]),
  ids: messageIdListSchema,
  note: noteText.optional(),
  /** The versions the moderator saw, by id: an item changed since is skipped, naming who changed it. */
  versions: z.record(messageIdSchema, versionSchema).optional(),
});
export type BulkReviewBody = z.infer<typeof bulkReviewBodySchema>;

export const deactivateSendersBodySchema = z.strictObject({ ids: messageIdListSchema });

/** A change that can be taken back until `until` (seconds) with POST /api/review/undo/{id}. */
export const undoTicketSchema = z.object({ id: z.number().int(), until: seconds });
export type UndoTicket = z.infer<typeof undoTicketSchema>;

export const itemResponseSchema = z.object({ data: storedItemSchema, undo: undoTicketSchema.optional() });
export const undoResponseSchema = z.object({ data: z.object({ restored: z.array(z.string()) }) });
export const noteResponseSchema = z.object({ data: reviewNoteSchema });

export const bulkReviewResponseSchema = z.object({
  data: z.object({
    updated: z.array(z.string()),
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
    undo: undoTicketSchema.optional(),
  }),
});
export type BulkReviewResult = z.infer<typeof bulkReviewResponseSchema>["data"];

export const deactivateSendersResponseSchema = z.object({
  data: z.object({
    asked: z.array(z.string()),
    deactivatedUids: z.array(z.string()),
    notDeactivated: z.array(z.string()),
  }),
});
export type DeactivateSendersResult = z.infer<typeof deactivateSendersResponseSchema>["data"];
