import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { AUDIT_OUTCOMES } from "@/lib/audit/actions";
import type { UnreadableItem } from "@/lib/chat/flagged-items";
import { STAFF_ROLES, type StaffRole } from "@/lib/auth/roles";
import { REVIEW_ACTIONS_TAKEN, REVIEW_STATES, type ReviewState } from "@/lib/review/model/states";
import { BULK_JOB_STATES } from "@/lib/review/model/bulk-job-states";
import { DEACTIVATION_REQUEST_STATES, POLICY_GROUNDS } from "@/lib/policies/model/policy-constants";
import { UPSTREAM_REVIEW_STATUSES, WRITE_BACK_STATES } from "@/lib/review/model/write-back-states";
import { QUALITY_DECISIONS, SAMPLE_STATES } from "@/lib/quality/model/quality-constants";

/**
 * The dashboard's whole database: staff and sign-in (tables better-auth reads through its Drizzle
 * adapter), the audit log, and the review state of flagged messages.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const staffRole = pgEnum("staff_role", STAFF_ROLES);
export type { StaffRole };

export const staff = pgTable("staff", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: staffRole("role").notNull().default("moderator"),
  disabled: boolean("disabled").notNull().default(false),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type Staff = typeof staff.$inferSelect;

export const staffSession = pgTable(
  "staff_session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** When the staff member last proved presence (password or TOTP) in this session, for reveals. */
    presenceVerifiedAt: timestamp("presence_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("staff_session_user_idx").on(t.userId)],
);

export const staffAccount = pgTable(
  "staff_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("staff_account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** Sign-in attempt counters, shared by every instance (better-auth's database rate-limit storage). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Failed password sign-ins per email, whatever the client's address: after a few, the next attempt
 * must wait (lib/auth/account-throttle.ts). A success or an admin's unlock removes the row.
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  delayedUntil: timestamp("delayed_until", { withTimezone: true }),
});

/** Auth tables under the model names better-auth's adapter asks for. */
export const authSchema = { user: staff, session: staffSession, account: staffAccount, verification, twoFactor, rateLimit };

export const auditOutcome = pgEnum("audit_outcome", AUDIT_OUTCOMES);

/** Append-only through the dashboard: rows are inserted, and only a pending row gets its outcome. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: text("staff_id"),
    staffEmail: text("staff_email"),
    staffRole: text("staff_role"),
    action: text("action").notNull(),
    targetUids: text("target_uids").array().notNull().default(sql`'{}'::text[]`),
    targetMessageId: text("target_message_id"),
    outcome: auditOutcome("outcome").notNull(),
    errorCode: text("error_code"),
    errorStatus: integer("error_status"),
    requestId: text("request_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_staff_idx").on(t.staffId, t.at.desc()),
    index("audit_log_action_idx").on(t.action, t.at.desc()),
    index("audit_log_message_idx").on(t.targetMessageId),
    index("audit_log_target_uids_idx").using("gin", t.targetUids),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

export const policyGround = pgEnum("policy_ground", POLICY_GROUNDS);

/**
 * The written rules decisions are made under (admin-kept; a default set ships with migration 0014).
 * A policy decisions name is archived, never deleted, so every decision keeps its ground.
 */
export const policy = pgTable("policy", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  /** 1 (least harmful) to 5 (most): feeds an item's priority. */
  severity: integer("severity").notNull(),
  /** Strikes an upheld item under this policy adds to its sender's ledger. */
  strikeWeight: integer("strike_weight").notNull().default(1),
  ground: policyGround("ground").notNull().default("terms_of_service"),
  /** The EU DSA Transparency Database's category for decisions under this policy (lib/transparency), one of its STATEMENT_CATEGORY_ keys. */
  dsaCategory: text("dsa_category").notNull().default("STATEMENT_CATEGORY_OTHER_VIOLATION_TC"),
  archived: boolean("archived").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type PolicyRow = typeof policy.$inferSelect;

/**
 * A staff member's own choices for their working day; each null follows the team's default
 * (team settings mediaShield and breakReminderMinutes).
 */
export const staffPreference = pgTable(
  "staff_preference",
  {
    staffId: text("staff_id")
      .primaryKey()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** Blur radius (CSS px, 0–40) for media until revealed. */
    mediaBlur: integer("media_blur"),
    mediaGreyscale: boolean("media_greyscale"),
    mediaAutoplay: boolean("media_autoplay"),
    /** Minutes of continuous review before a break reminder; 0: none. */
    breakReminderMinutes: integer("break_reminder_minutes"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("staff_preference_media_blur_range", sql`${t.mediaBlur} between 0 and 40`),
    check("staff_preference_break_range", sql`${t.breakReminderMinutes} between 0 and 480`),
  ],
);

/** Which policy a flagger's reason (the chat service's reason id) points to, so items arrive pre-labelled. Admin-edited. */
export const reasonPolicy = pgTable("reason_policy", {
  reasonId: text("reason_id").primaryKey(),
  policyId: integer("policy_id")
    .notNull()
    .references(() => policy.id, { onDelete: "cascade" }),
});

/**
 * Team-wide settings an admin changes in the dashboard (policies required, strike expiry and
 * thresholds, protected tags, priority weights...): one row per key, its value checked against
 * the key's zod schema on the way in and out, a default when the row is absent.
 */
export const teamSetting = pgTable("team_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedById: text("updated_by_id").references(() => staff.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const reviewState = pgEnum("review_state", REVIEW_STATES);
export type { ReviewState };
export const reviewAction = pgEnum("review_action", REVIEW_ACTIONS_TAKEN);

/** Every flagged message the dashboard has received, with the dashboard's own review state. */
export const flaggedMessage = pgTable(
  "flagged_message",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    senderUid: text("sender_uid").notNull(),
    /** The sender's name as the service last sent it: what the queue groups, lists and searches by. */
    senderName: text("sender_name").notNull().default(""),
    receiverUid: text("receiver_uid").notNull(),
    /** `user` (a direct message) or `group`, as the service sent it. */
    receiverType: text("receiver_type").notNull().default("user"),
    /**
     * The reasons of the item's flags, distinct and sorted, kept by the database from the flag
     * table (migration 0025): what a reason filter's counts are kept by (queue_facet_count).
     */
    reasonIds: text("reason_ids").array().notNull().default(sql`'{}'::text[]`),
    text: text("text").notNull().default(""),
    /**
     * Everything the queue's free-text search looks at (the text, the message id, every name and UID on the item),
     * folded once on the way in (lib/review/model/queue-view.ts foldText), so a search is a substring test.
     */
    searchText: text("search_text").notNull().default(""),
    /** The message as the chat service last sent it (entities, type, category, times). */
    message: jsonb("message").$type<Record<string, unknown>>().notNull(),
    flaggedCount: integer("flagged_count").notNull(),
    firstFlaggedAt: timestamp("first_flagged_at", { withTimezone: true }).notNull(),
    lastFlaggedAt: timestamp("last_flagged_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** A digest of the message as last received, so a sync rewrites only what changed. */
    upstreamDigest: text("upstream_digest"),
    state: reviewState("state").notNull().default("open"),
    reopened: boolean("reopened").notNull().default(false),
    assigneeId: text("assignee_id").references(() => staff.id, { onDelete: "set null" }),
    /** Whom the assignee took the item over from (null: claimed the ordinary way). */
    takenFromId: text("taken_from_id").references(() => staff.id, { onDelete: "set null" }),
    actionTaken: reviewAction("action_taken").notNull().default("none"),
    pinnedBy: text("pinned_by"),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedById: text("decided_by_id").references(() => staff.id, { onDelete: "set null" }),
    /** An admin's attention is asked for: who asked, when and why (cleared on de-escalation). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    escalatedById: text("escalated_by_id").references(() => staff.id, { onDelete: "set null" }),
    escalationNote: text("escalation_note"),
    /** The policy an upholding decision named, and the strikes it added then (the policy's weight at that time). */
    policyId: integer("policy_id").references(() => policy.id, { onDelete: "restrict" }),
    strikeWeight: integer("strike_weight").notNull().default(0),
    /**
     * The open item's priority (lib/policies/model/priority.ts) and the breakdown behind it, as the
     * syncing instance last scored it (lib/policies/server/priority-refresh.ts) at `priorityAt` (null:
     * never). `priorityDueAt` is when it is to be scored again: when waiting alone next moves the
     * score, or a backstop; null: new or changed since, scored first.
     */
    priority: integer("priority").notNull().default(0),
    priorityDetail: jsonb("priority_detail").$type<Record<string, unknown>>(),
    priorityAt: timestamp("priority_at", { withTimezone: true }),
    priorityDueAt: timestamp("priority_due_at", { withTimezone: true }),
    /** Bumped by every change a moderator could be acting against (review commands, notes, new flags). */
    version: integer("version").notNull().default(1),
    /** Who made the change that set `version` (null for the chat service's own news), for a conflict's words. */
    changedById: text("changed_by_id").references(() => staff.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  // The queue reads a page at a time in these orders (lib/review/server/queue-query.ts), within a
  // tab (state) and across all of them. Descending keys are NULLS LAST, and the queries say so: an
  // index whose null order differs from the query's cannot serve its order at all.
  (t) => [
    index("flagged_message_state_idx").on(t.state, t.lastFlaggedAt.desc(), t.id.desc()),
    index("flagged_message_state_first_idx").on(t.state, t.firstFlaggedAt, t.id),
    index("flagged_message_state_flags_idx").on(t.state, t.flaggedCount.desc(), t.lastFlaggedAt.desc(), t.id.desc()),
    index("flagged_message_last_idx").on(t.lastFlaggedAt.desc(), t.id.desc()),
    // Also INCLUDE (reason_ids), which Drizzle cannot express: migration 0026 adds it.
    index("flagged_message_state_priority_idx").on(t.state, t.priority.desc(), t.lastFlaggedAt.desc(), t.id.desc()),
    index("flagged_message_priority_idx").on(t.priority.desc(), t.lastFlaggedAt.desc(), t.id.desc()),
    // Decisions over a time range: what changed since the last scoring, the health page, the transparency export.
    index("flagged_message_decided_idx").on(t.decidedAt),
    // Escalated open items are few: the escalated tab and an admin's escalated-first stretch read
    // them here, not by passing over every open item (250 ms with none escalated at 100,000).
    index("flagged_message_escalated_idx").on(t.escalatedAt).where(sql`${t.state} = 'open' and ${t.escalatedAt} is not null`),
    // The open items to score next: never scored or changed since first, then those due soonest.
    index("flagged_message_priority_due_idx").on(t.priorityDueAt.asc().nullsFirst(), t.id).where(sql`${t.state} = 'open'`),
    index("flagged_message_first_idx").on(t.firstFlaggedAt, t.id),
    index("flagged_message_flags_idx").on(t.flaggedCount.desc(), t.lastFlaggedAt.desc(), t.id.desc()),
    // A sender filter reads its page in the priority order and counts its tabs (state, escalated)
    // from this index alone: at 100,000 items through the sender-only index and the table, the
    // counts took 44 ms and a page 9 ms (the rows are large and mostly not cached); here 1 and 0.1.
    // escalated_at comes last as a key (id is unique, so it never orders): Drizzle has no INCLUDE.
    index("flagged_message_sender_priority_idx").on(t.senderUid, t.state, t.priority.desc(), t.lastFlaggedAt.desc(), t.id.desc(), t.escalatedAt),
    // A filtered view's counts per tab read these alone (vacuumed pages): a kind filter counts its
    // range of the first, a reason filter merges the flag table's reason index with the second. At
    // 100,000 items the kind's counts took 77-110 ms through the table, 7-24 ms here; a reason's
    // 84-169 ms, 43-51 ms.
    index("flagged_message_kind_idx").on(t.receiverType, t.state, t.escalatedAt),
    index("flagged_message_id_state_idx").on(t.id, t.state, t.escalatedAt),
    index("flagged_message_conversation_idx").on(t.conversationId),
    index("flagged_message_assignee_idx").on(t.assigneeId),
    // A sender's strike ledger: their upheld items under a policy, newest first.
    index("flagged_message_strike_idx")
      .on(t.senderUid, t.decidedAt.desc())
      .where(sql`${t.state} = 'resolved' and ${t.policyId} is not null`),
    // Substring search (LIKE '%term%') through trigrams: a search reads the matching rows, not the table.
    index("flagged_message_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);
export type FlaggedMessageRow = typeof flaggedMessage.$inferSelect;

export const flag = pgTable(
  "flag",
  {
    messageId: text("message_id")
      .notNull()
      .references(() => flaggedMessage.id, { onDelete: "cascade" }),
    flaggerUid: text("flagger_uid").notNull(),
    flaggerName: text("flagger_name").notNull(),
    flaggerAvatar: text("flagger_avatar"),
    flaggerRole: text("flagger_role"),
    reasonId: text("reason_id").notNull(),
    reasonName: text("reason_name").notNull(),
    description: text("description"),
    remark: text("remark"),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }).notNull(),
    /** Set when the flagger was muted: the flag is kept, marked, and no longer keeps its item open. */
    setAsideAt: timestamp("set_aside_at", { withTimezone: true }),
    /**
     * The item's decision, copied here by triggers (migration 0016) so a flagger's record is a
     * range of one index: its decided_at while it is resolved or dismissed (null otherwise), and
     * whether that upheld the flag (resolved).
     */
    itemDecidedAt: timestamp("item_decided_at", { withTimezone: true }),
    itemUpheld: boolean("item_upheld").notNull().default(false),
  },
  (t) => [
    // A user flags a message once (the chat service refuses a second flag): one row per flagger,
    // updated from the service's latest list, so a re-reported flag is never counted twice.
    primaryKey({ columns: [t.messageId, t.flaggerUid] }),
    index("flag_flagger_idx").on(t.flaggerUid),
    // A flagger's latest decided flags (lib/reporters/server/reporter-reliability.ts), newest decision first.
    index("flag_reporter_record_idx")
      .on(t.flaggerUid, t.itemDecidedAt.desc(), t.messageId.desc())
      .where(sql`${t.itemDecidedAt} is not null`),
    index("flag_reason_idx").on(t.reasonId, t.messageId),
    index("flag_flagged_at_idx").on(t.flaggedAt),
  ],
);
export type FlagRow = typeof flag.$inferSelect;

export const reviewNote = pgTable(
  "review_note",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => flaggedMessage.id, { onDelete: "cascade" }),
    /** The author by id only: the queue shows their current name (a name copied here once grew every answer naming it). */
    authorId: text("author_id").references(() => staff.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("review_note_message_idx").on(t.messageId, t.createdAt)],
);

/** Users a staff member opened recently, for quick return. */
export const recentUser = pgTable(
  "recent_user",
  {
    staffId: text("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    name: text("name"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.uid] }), index("recent_user_viewed_idx").on(t.staffId, t.viewedAt.desc())],
);

/** A user the dashboard deactivated: who did it and when (the audit row holds the full record). */
export const deactivatedUser = pgTable("deactivated_user", {
  uid: text("uid").primaryKey(),
  deactivatedAt: timestamp("deactivated_at", { withTimezone: true }).notNull().defaultNow(),
  deactivatedById: text("deactivated_by_id").references(() => staff.id, { onDelete: "set null" }),
  deactivatedByEmail: text("deactivated_by_email"),
});


/**
 * A review change that can still be undone: the fields of each item before it, and the version it
 * left each at, so an undo restores exactly that state and only if nobody changed the item since.
 */
export const reviewUndo = pgTable(
  "review_undo",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("review_undo_staff_idx").on(t.staffId, t.at.desc())],
);

/** A named queue view (filters, sort, search), the owner's own or shared with the whole team. */
export const savedView = pgTable(
  "saved_view",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shared: boolean("shared").notNull().default(false),
    view: jsonb("view").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_view_owner_name_idx").on(t.ownerId, t.name), index("saved_view_shared_idx").on(t.shared)],
);

export const bulkJobState = pgEnum("bulk_job_state", BULK_JOB_STATES);

/**
 * A decision on every open item a queue view matches, however many (lib/review/server/bulk-jobs.ts): run in
 * batches by whichever instance holds its lease, so it survives the one that started it, with its
 * progress here for the moderator who asked.
 */
export const reviewBulkJob = pgTable(
  "review_bulk_job",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: text("staff_id").references(() => staff.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    /** The view's fields as the URL holds them (lib/review/model/queue-view.ts). */
    view: jsonb("view").$type<Record<string, string>>().notNull(),
    note: text("note"),
    /** The policy a resolving job's batches record (checked when it started; each batch takes its weight then). */
    policyId: integer("policy_id").references(() => policy.id, { onDelete: "restrict" }),
    state: bulkJobState("state").notNull().default("running"),
    /** Open items the view matched when the job started. */
    total: integer("total").notNull(),
    decided: integer("decided").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** The last item id a batch looked at: batches walk the view in id order. */
    afterId: text("after_id"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index("review_bulk_job_state_idx").on(t.state, t.leaseUntil)],
);
export type ReviewBulkJobRow = typeof reviewBulkJob.$inferSelect;

export const upstreamReviewStatus = pgEnum("upstream_review_status", UPSTREAM_REVIEW_STATUSES);
export const writeBackState = pgEnum("write_back_state", WRITE_BACK_STATES);

/**
 * The outbox of review decisions for the chat service: one row per message, the decision its
 * current state asks for. Written in the decision's own transaction, sent once the undo window has
 * closed (`dueAt`), retried until the service answers. An instance takes a row by setting
 * `leaseUntil` on it (claimed with SKIP LOCKED), so two instances never send one row at once, and a
 * row whose sender died is taken again when its lease runs out (the PATCH is idempotent).
 */
export const reviewOutbox = pgTable(
  "review_outbox",
  {
    messageId: text("message_id")
      .primaryKey()
      .references(() => flaggedMessage.id, { onDelete: "cascade" }),
    status: upstreamReviewStatus("status").notNull(),
    state: writeBackState("state").notNull().default("pending"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastErrorCode: text("last_error_code"),
    decidedById: text("decided_by_id").references(() => staff.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index("review_outbox_due_idx").on(t.state, t.dueAt)],
);
export type ReviewOutboxRow = typeof reviewOutbox.$inferSelect;

/**
 * How the background sync of the chat service's flagged list last went (lib/review/server/flagged-sync.ts):
 * one row per synced list, written by the instance holding the sync lock, read by every instance
 * for the queue's status line and /api/health.
 */
export const syncState = pgTable("sync_state", {
  id: text("id").primaryKey(),
  /** Which instance wrote this (its sync's random id), so a takeover shows. */
  leader: text("leader").notNull(),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** When a sync last reached the list's end: the first import, then the end of each round of the rolling read (lib/review/server/flagged-pages.ts). */
  lastWholeAt: timestamp("last_whole_at", { withTimezone: true }),
  /** The page the rolling read takes next after the first (null: the list is one page, or not read yet). */
  walkNextPage: integer("walk_next_page"),
  lastDurationMs: integer("last_duration_ms").notNull(),
  itemsSeen: integer("items_seen").notNull().default(0),
  pages: integer("pages").notNull().default(0),
  /** The page size the service answered with (meta.current.limit) and how many its last page held. */
  pageLimit: integer("page_limit").notNull().default(0),
  lastPageCount: integer("last_page_count").notNull().default(0),
  /** The service may hold items the sync did not receive (a full page without paging, or the page cap reached). */
  moreMayBeWaiting: boolean("more_may_be_waiting").notNull().default(false),
  /** The service's words when it refused the configured page size (CHAT_FLAGGED_PAGE_SIZE), so the list was read at its own size; null when it took it. */
  pageSizeRefused: text("page_size_refused"),
  /** Items written because they were new or changed, at the last successful sync. */
  itemsWritten: integer("items_written").notNull().default(0),
  unreadable: jsonb("unreadable").$type<UnreadableItem[]>().notNull().default([]),
  skipped: jsonb("skipped").$type<string[]>().notNull().default([]),
  lastErrorCode: text("last_error_code"),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});
export type SyncStateRow = typeof syncState.$inferSelect;

/**
 * Open items a decision concerned (its sender's strikes, its flaggers' records changed), to be
 * scored again before any other due item. A narrow table of its own, so marking never rewrites or
 * locks a queue row: no foreign key either, whose check would lock the item's row against a
 * moderator's claim. The scorer drops the marks of items it scored or found gone or decided
 * (lib/policies/server/priority-refresh.ts).
 */
export const priorityMark = pgTable("priority_mark", {
  messageId: text("message_id").primaryKey(),
});

/**
 * The queue's overview and the filters' choices as one instance last read them, for every instance:
 * one row (id "queue"), read again by whichever instance first finds it older than its read cost
 * allows (lib/review/server/shared-queue-wide.ts), so the whole-queue scans run once, not once per
 * instance. `refreshingUntil`: the instance reading it now, so the others serve this body meanwhile.
 */
export const queueWide = pgTable("queue_wide", {
  id: text("id").primaryKey(),
  readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  tookMs: integer("took_ms").notNull(),
  refreshingUntil: timestamp("refreshing_until", { withTimezone: true }),
  body: jsonb("body").notNull(),
});

/**
 * How many review items are in each state (and, among them, escalated), kept by the database
 * itself: triggers on flagged_message append one row per statement with the change in numbers
 * (migration 0013), so the counts are exact without reading the queue. Rows are only ever added,
 * never updated, so concurrent writers never wait for each other here; the sum per state is the
 * count, and compactQueueCounts (lib/review/server/queue-counts.ts) folds the rows up now and then.
 */
export const queueCount = pgTable("queue_count", {
  state: reviewState("state").notNull(),
  escalated: boolean("escalated").notNull(),
  n: integer("n").notNull(),
});

/**
 * queue_count per value of what the queue's counts are asked about most: items per state (and
 * escalation) of each reason (an item with flags of two reasons counts under both), of each kind
 * (group or direct), and open items per hour of first flag (`YYYY-MM-DDTHH`, UTC), appended to by
 * the same kind of triggers (migration 0025). A reason or kind filter's tab counts then read a few
 * rows, not every item of the reason, and the overdue count one hour's items, not a day's.
 */
export const queueFacetCount = pgTable(
  "queue_facet_count",
  {
    facet: text("facet").$type<"reason" | "kind" | "first-hour">().notNull(),
    value: text("value").notNull(),
    state: reviewState("state").notNull(),
    escalated: boolean("escalated").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("queue_facet_count_value_idx").on(t.facet, t.value)],
);

/**
 * Flaggers a moderator muted: their pending flags are set aside (flag.set_aside_at) and their new
 * ones no longer open items. Unmuting (an admin) deletes the row; the audit log keeps both.
 */
export const reporterMute = pgTable("reporter_mute", {
  flaggerUid: text("flagger_uid").primaryKey(),
  mutedById: text("muted_by_id").references(() => staff.id, { onDelete: "set null" }),
  mutedAt: timestamp("muted_at", { withTimezone: true }).notNull().defaultNow(),
  note: text("note"),
});

/** Users an admin listed as protected (besides those carrying a protected tag or role): one person alone cannot deactivate them. */
export const protectedUser = pgTable("protected_user", {
  uid: text("uid").primaryKey(),
  addedById: text("added_by_id").references(() => staff.id, { onDelete: "set null" }),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  note: text("note"),
});

export const deactivationRequestState = pgEnum("deactivation_request_state", DEACTIVATION_REQUEST_STATES);

/**
 * A request to deactivate a protected user, waiting for a second staff member (not the requester;
 * an admin when a moderator asked). At most one pending request per user.
 */
export const deactivationRequest = pgTable(
  "deactivation_request",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid").notNull(),
    /** The user's name when asked, for the overview without a call to the chat service. */
    name: text("name").notNull().default(""),
    requestedById: text("requested_by_id").references(() => staff.id, { onDelete: "set null" }),
    requestedByRole: staffRole("requested_by_role").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
    policyId: integer("policy_id").references(() => policy.id, { onDelete: "restrict" }),
    /** The review item it was asked from, if any. */
    messageId: text("message_id"),
    state: deactivationRequestState("state").notNull().default("pending"),
    decidedById: text("decided_by_id").references(() => staff.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
  },
  (t) => [
    uniqueIndex("deactivation_request_pending_idx").on(t.uid).where(sql`${t.state} = 'pending'`),
    index("deactivation_request_state_idx").on(t.state, t.requestedAt.desc()),
  ],
);
export type DeactivationRequestRow = typeof deactivationRequest.$inferSelect;

export const qualityDecision = pgEnum("quality_decision", QUALITY_DECISIONS);
export const sampleState = pgEnum("quality_sample_state", SAMPLE_STATES);

/**
 * A decision drawn for a blind second review (lib/quality): the decision as it was made, the
 * second reviewer's, and an admin's ruling when the two disagreed. One per decision: an item
 * decided, reopened and decided again is a new decision (its new `decided_at`).
 */
export const qualitySample = pgTable(
  "quality_sample",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => flaggedMessage.id, { onDelete: "cascade" }),
    /** The sampled decision's time, as the item records it: names the decision among the item's. */
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull().defaultNow(),
    state: sampleState("state").notNull().default("pending"),
    firstById: text("first_by_id").references(() => staff.id, { onDelete: "set null" }),
    firstDecision: qualityDecision("first_decision").notNull(),
    firstPolicyId: integer("first_policy_id").references(() => policy.id, { onDelete: "restrict" }),
    secondById: text("second_by_id").references(() => staff.id, { onDelete: "set null" }),
    secondDecision: qualityDecision("second_decision"),
    secondPolicyId: integer("second_policy_id").references(() => policy.id, { onDelete: "restrict" }),
    secondNote: text("second_note"),
    secondAt: timestamp("second_at", { withTimezone: true }),
    rulingById: text("ruling_by_id").references(() => staff.id, { onDelete: "set null" }),
    rulingDecision: qualityDecision("ruling_decision"),
    rulingPolicyId: integer("ruling_policy_id").references(() => policy.id, { onDelete: "restrict" }),
    rulingNote: text("ruling_note"),
    rulingAt: timestamp("ruling_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("quality_sample_decision_idx").on(t.messageId, t.decidedAt),
    index("quality_sample_state_idx").on(t.state, t.sampledAt),
    index("quality_sample_second_at_idx").on(t.secondAt),
  ],
);
export type QualitySampleRow = typeof qualitySample.$inferSelect;
