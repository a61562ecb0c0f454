import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { unreadableItemSchema } from "@/lib/chat/flagged-items";
import { policyIdSchema } from "@/lib/policies/model/policy-schemas";
import { staffText } from "@/lib/text/staff-text";
import { DEACTIVATION_OUTCOMES } from "@/lib/users/deactivation-outcome";
import { priorityBreakdownSchema } from "@/lib/policies/model/priority";
import { deactivationDecisionFields } from "@/lib/protection/model/protection-schemas";
import type { ReporterRecord } from "@/lib/reporters/model/reporter-record";
import { messageContentSchema } from "./message-content";
import { CONVERSATION_KINDS, QUEUE_GROUPS, QUEUE_SORTS, QUEUE_TABS, parseQueueView } from "./queue-view";
import { syncSummarySchema } from "./sync-status-schema";
import { BULK_JOB_STATES } from "./bulk-job-states";
import { MAX_BULK_ITEMS, REVIEW_ACTIONS_TAKEN, REVIEW_STATES } from "./states";
import { UPSTREAM_REVIEW_STATUSES, WRITE_BACK_STATES } from "./write-back-states";

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
  /** Whom the assignee took the item over from (see transitions.ts); undo records from before it was kept have none. */
  takenFrom: staffRefSchema.nullable().default(null),
  /** The policy a resolve named and the strikes it added to the sender; none while open or dismissed (older undo records have none). */
  policyId: z.number().int().nullable().default(null),
  strikeWeight: z.number().int().default(0),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

/**
 * A flag as sent: the flagger and the reason by reference (see the response's people, reporters and
 * reasons). `setAsideAt`: its flagger was muted then, so it no longer keeps the item open.
 */
export const storedFlagSchema = z.object({ uid: z.string(), reasonId: z.string(), remark: z.string().optional(), flaggedAt: seconds, setAsideAt: seconds.optional() });

/** The group a group message was sent to. */
export const groupViewSchema = z.object({ guid: z.string(), name: z.string(), icon: z.string().optional(), membersCount: z.number().optional() });
export type GroupView = z.infer<typeof groupViewSchema>;

/** A review item as the API sends it, with people by UID. */
/** The item's decision as written back to the chat service (see lib/review/server/decision-outbox.ts). */
export const writeBackSchema = z.object({
  status: z.enum(UPSTREAM_REVIEW_STATUSES),
  state: z.enum(WRITE_BACK_STATES),
  attempts: z.number().int(),
  /** The service's refusal, or the last attempt's failure while it is retried. */
  error: z.string().nullable(),
  /** When it is sent (pending), or was sent. */
  at: seconds,
});
export type WriteBack = z.infer<typeof writeBackSchema>;

export const storedItemSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  text: z.string(),
  type: z.string(),
  category: z.string(),
  /** `user` (a direct message) or `group`; `group` is then set and `receiverUid` is its GUID. */
  receiverType: z.string(),
  group: groupViewSchema.nullable(),
  content: messageContentSchema,
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
  /** Whom the assignee took the item over from: that colleague's queue says "Taken over by" the assignee. */
  takenFrom: staffRefSchema.nullable(),
  actionTaken: actionTakenSchema,
  pinnedBy: z.string().nullable(),
  pinnedAt: seconds.nullable(),
  decidedAt: seconds.nullable(),
  decidedBy: staffRefSchema.nullable(),
  escalation: escalationSchema.nullable(),
  /** The policy the decision named (a resolve), and the strikes it added to the sender's ledger. */
  policyId: z.number().int().nullable(),
  strikeWeight: z.number().int(),
  /** Bumped by every change; a command sent with an older version is refused as made from a stale view. */
  version: z.number().int(),
  /** Who made the change that set `version` (null: the chat service's news, or before this was recorded) and when. */
  changedBy: staffRefSchema.nullable(),
  changedAt: seconds.nullable(),
  writeBack: writeBackSchema.nullable(),
  /** The open item's priority, 0–100, and why (lib/policies/model/priority.ts); null until first scored. */
  priority: z.number().int(),
  priorityDetail: priorityBreakdownSchema.nullable(),
});
export type StoredItem = z.infer<typeof storedItemSchema>;

/**
 * What the last sync of the chat service's flagged list gave (lib/review/server/flagged-sync.ts): its
 * meta, or the failure in words. `fetchedAt`: when that sync asked the service. `sync`: the sync's
 * own figures, absent before the first sync.
 */
export const upstreamStatusSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** Items listed (over all pages read) and the page size the service answered with. */
    count: z.number().int(),
    limit: z.number().int(),
    fetchedAt: seconds,
    /** Items of that list the dashboard could not read: shown apart, with their raw JSON, never stored. */
    unreadable: z.array(unreadableItemSchema),
    /** Ids of listed messages the database refused to store, so they are not in the queue. */
    skipped: z.array(z.string()).optional(),
    /** The service may hold more than it listed (a full page and no paging): they come as decisions make room. */
    moreMayBeWaiting: z.boolean().optional(),
    /** The service refused the configured page size with these words, so the list is read at the service's own size. */
    pageSizeRefused: z.string().optional(),
    sync: syncSummarySchema.optional(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string(), fetchedAt: seconds, sync: syncSummarySchema.optional() }),
]);
export type UpstreamStatus = z.infer<typeof upstreamStatusSchema>;

/** Items with the people, flaggers' records and reasons they name, each once (items refer to them by id). */
/** A flagger's record (lib/reporters/model/reporter-record.ts). */
const reporterRecordSchema = z.object({ upheld: z.number().int(), dismissed: z.number().int(), muted: z.boolean() }) satisfies z.ZodType<ReporterRecord>;

const queueItemsSchema = z.object({
  data: z.array(storedItemSchema),
  people: z.record(z.string(), queuePersonSchema),
  /** Each flagger's record and mute, by UID (lib/reporters/). */
  reporters: z.record(z.string(), reporterRecordSchema),
  reasons: z.record(z.string(), flagReasonSchema),
});
export type QueueResponse = z.infer<typeof queueItemsSchema>;

/** A sender group's size over the whole view (grouped by sender), so its header is right on every page. */
export const senderGroupSizeSchema = z.object({ messageCount: z.number().int(), flagCount: z.number().int() });
export type SenderGroupSize = z.infer<typeof senderGroupSizeSchema>;

/**
 * GET /api/review/queue: one page of a view, in the view's order (lib/review/server/queue-query.ts).
 * `next` is the cursor of the following page, null on the last.
 */
export const queuePageSchema = queueItemsSchema.extend({
  next: z.string().nullable(),
  groups: z.record(z.string(), senderGroupSizeSchema).optional(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const queueOverviewSchema = z.object({
  /** Open items per flag reason; an item flagged for two reasons counts under both. */
  reasons: z.array(z.object({ reasonId: z.string(), reasonName: z.string(), count: z.number().int() })),
  /** Flags per UTC day over the last seven days, oldest first. */
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Senders with more than one flagged message, the most flagged messages first. */
  offenders: z.array(z.object({ sender: queuePersonSchema, messageCount: z.number().int(), flagCount: z.number().int() })),
});
export type QueueOverview = z.infer<typeof queueOverviewSchema>;

/** What the toolbar's filters offer: reasons and assignees in use, and the senders and flaggers with the most items. */
export const queueFacetsSchema = z.object({
  reasons: z.array(z.object({ id: z.string(), name: z.string() })),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
  senders: z.array(z.object({ uid: z.string(), name: z.string() })),
  flaggers: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type QueueFacets = z.infer<typeof queueFacetsSchema>;

/**
 * GET /api/review/queue/summary: everything about a view that is counted over the whole queue in
 * the database, never over the rows the browser holds.
 */
export const queueSummarySchema = z.object({
  /** Items per tab that the view's filters let through. */
  counts: z.record(z.enum(QUEUE_TABS), z.number().int()),
  /** Items per state in the database. */
  totals: z.record(reviewStateSchema, z.number().int()),
  /** Open items past the review target. */
  overdue: z.number().int(),
  overview: queueOverviewSchema,
  facets: queueFacetsSchema,
  upstream: upstreamStatusSchema,
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

const viewText = z.string().max(200, "at most 200 characters").optional();

/** A view in the URL's own parameters (lib/review/model/queue-view.ts), checked strictly: an API caller is told what is wrong. */
const viewQueryFields = {
  state: z.enum(QUEUE_TABS).optional(),
  sort: z.enum(QUEUE_SORTS).optional(),
  group: z.enum(QUEUE_GROUPS).optional(),
  kind: z.enum(CONVERSATION_KINDS).optional(),
  q: viewText,
  reason: viewText,
  sender: viewText,
  flagger: viewText,
  conversation: viewText,
  assignee: viewText,
};
export const queueViewQuerySchema = z.strictObject(viewQueryFields).transform(parseQueueView);

/** The largest page the API gives; the queue asks for QUEUE_PAGE_SIZE. */
export const MAX_QUEUE_PAGE = 500;
export const QUEUE_PAGE_SIZE = 50;

/**
 * The longest cursor the API accepts: a few keys and a little framing. Cursors are made and read
 * on the server only (lib/review/server/queue-cursor.ts); to the browser they are opaque text.
 */
export const MAX_CURSOR_LENGTH = 2000;

export const queuePageQuerySchema = z
  .strictObject({
    ...viewQueryFields,
    cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_QUEUE_PAGE).default(QUEUE_PAGE_SIZE),
  })
  .transform(({ cursor, limit, ...view }) => ({ view: parseQueueView(view), cursor, limit }));

/** A flag as the queue shows it: flagger and reason spelled out. */
export type QueueFlag = z.infer<typeof storedFlagSchema> &
  Pick<QueuePerson, "name" | "avatar" | "role"> & { reasonName: string; description?: string; reporter: ReporterRecord };

/** A review item as the queue shows it (see denormalize.ts). */
export type QueueItem = Omit<StoredItem, "senderUid" | "receiverUid" | "flags"> & { sender: QueuePerson; receiver: QueuePerson; flags: QueueFlag[] };

export const noteText = staffText(z.string().trim().min(1, "the note is empty").max(2000, "the note is longer than 2000 characters"), { multiline: true });

export const REVIEW_COMMANDS = ["claim", "unclaim", "resolve", "dismiss", "reopen", "escalate", "deescalate"] as const;
export const reviewCommandSchema = z.enum(REVIEW_COMMANDS);
export type ReviewCommand = z.infer<typeof reviewCommandSchema>;

const versionSchema = z.number({ error: "expected the item's version as a whole number" }).int().positive();

/**
 * `version` is the item as the moderator saw it: when it has changed since, the command is refused
 * (409). Optional here only so that leaving it out is answered with 428, not a generic 400.
 * `takeover`: the moderator was told a colleague holds the item and takes it over from them;
 * without it a command on a colleague's item is refused (409 naming them).
 */
export const reviewCommandBodySchema = z.strictObject({
  action: reviewCommandSchema,
  note: noteText.optional(),
  version: versionSchema.optional(),
  takeover: z.boolean().optional(),
  /** The policy a resolve is made under (required when the team says so); other commands refuse one. */
  policyId: policyIdSchema.optional(),
});
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
  /** The versions the moderator saw, by id (every id needs one: 428): an item changed since is skipped, naming who changed it. */
  versions: z.record(messageIdSchema, versionSchema).optional(),
  policyId: policyIdSchema.optional(),
});
export type BulkReviewBody = z.infer<typeof bulkReviewBodySchema>;

/** A decision on every open item a view matches (lib/review/server/bulk-jobs.ts); `view` is the view's URL query. */
export const bulkJobBodySchema = z.strictObject({
  action: z.enum(["resolve", "dismiss"]),
  view: z
    .string()
    .max(2000)
    .transform((query) => Object.fromEntries(new URLSearchParams(query)))
    .pipe(queueViewQuerySchema),
  note: noteText.optional(),
  policyId: policyIdSchema.optional(),
});
export type BulkJobBody = z.infer<typeof bulkJobBodySchema>;

export const bulkJobSchema = z.object({
  id: z.number().int(),
  action: z.enum(["resolve", "dismiss"]),
  /** The view, as its URL query. */
  view: z.string(),
  state: z.enum(BULK_JOB_STATES),
  /** Open items the view matched when it started; decided and skipped so far. */
  total: z.number().int(),
  decided: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  createdAt: seconds,
  finishedAt: seconds.nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
export const bulkJobResponseSchema = z.object({ data: bulkJobSchema });

/** Like a bulk decision's: the versions the moderator saw (428 without one for every id); an item changed since is skipped, naming who changed it. */
export const deactivateSendersBodySchema = z.strictObject({
  ids: messageIdListSchema,
  versions: z.record(messageIdSchema, versionSchema).optional(),
  ...deactivationDecisionFields,
});

/**
 * POST /api/messages/{id}/pin: the version of the review item as the moderator saw it, needed when
 * the message is in the queue (428 without it, 409 when it changed since). A message the queue does
 * not hold needs none, so the body may be left out.
 */
export const pinBodySchema = z.strictObject({ version: versionSchema.optional() }).optional();

/** A change that can be taken back until `until` (seconds) with POST /api/review/undo/{id}. */
export const undoTicketSchema = z.object({ id: z.number().int(), until: seconds });
export type UndoTicket = z.infer<typeof undoTicketSchema>;

export const itemResponseSchema = z.object({ data: storedItemSchema, undo: undoTicketSchema.optional() });
export const undoResponseSchema = z.object({ data: z.object({ restored: z.array(z.string()) }) });
export const noteResponseSchema = z.object({ data: reviewNoteSchema });

/** Items a many-item action left alone, each with why. */
const skippedItemsSchema = z.array(z.object({ id: z.string(), reason: z.string() }));

export const bulkReviewResponseSchema = z.object({
  data: z.object({
    updated: z.array(z.string()),
    skipped: skippedItemsSchema,
    undo: undoTicketSchema.optional(),
  }),
});
export type BulkReviewResult = z.infer<typeof bulkReviewResponseSchema>["data"];

export const deactivateSendersResponseSchema = z.object({
  data: z.object({
    asked: z.array(z.string()),
    /** Items a colleague holds: their senders were not asked about (unless another item named them). */
    skipped: skippedItemsSchema,
    outcomes: z.record(z.enum(DEACTIVATION_OUTCOMES), z.array(z.string())),
  }),
});
export type DeactivateSendersResult = z.infer<typeof deactivateSendersResponseSchema>["data"];
