import "server-only";
import { asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { messageDataSchema, type Entity, type MessageData } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flag, flaggedMessage, reviewNote, reviewOutbox, staff, type FlagRow, type FlaggedMessageRow } from "@/lib/db/schema";
import { priorityBreakdownSchema } from "@/lib/policies/model/priority";
import { messageContent } from "@/lib/review/model/message-content";
import type { GroupView, QueuePerson, QueueResponse, ReviewNote, StoredItem, WriteBack } from "@/lib/review/model/review-schemas";
import { readReporterRecords } from "@/lib/reporters/server/reporter-records";
import { FORMER_STAFF, itemStaff, itemStaffNames, type StaffNames } from "./item-staff";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

/** What the queue reads back from the stored message (only these parts are read; the rest stays in the database). */
const storedMessageSchema = z.object({
  type: z.string().catch("text"),
  category: z.string().catch("message"),
  receiverType: z.string().catch("user"),
  data: messageDataSchema.catch({}),
});

/** Items with the people and reasons they name, each once. */
export type LoadedItems = Pick<QueueResponse, "data" | "people" | "reporters" | "reasons">;

/** These items (in this order; an id the dashboard never received is left out) as the API sends them. */
export async function loadQueueItems(db: Db, ids: readonly string[]): Promise<LoadedItems> {
  if (ids.length === 0) return { data: [], people: {}, reporters: {}, reasons: {} };
  const rows = await loadRows(db, inArray(flaggedMessage.id, [...ids]), ids.length);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.m.id) ?? 0) - (position.get(b.m.id) ?? 0));
  return withDetails(db, rows);
}

/** One item as the API sends it, or undefined when the dashboard has never received that message. */
export async function loadQueueItem(db: Db, id: string): Promise<StoredItem | undefined> {
  const rows = await loadRows(db, eq(flaggedMessage.id, id), 1);
  return (await withDetails(db, rows)).data[0];
}

const { message: _message, upstreamDigest: _digest, searchText: _search, ...listColumns } = getTableColumns(flaggedMessage);
type ListedMessage = Omit<FlaggedMessageRow, "message" | "upstreamDigest" | "searchText">;
type OutboxColumns = Pick<typeof reviewOutbox.$inferSelect, "status" | "state" | "attempts" | "lastError" | "dueAt" | "sentAt">;
type MessageRowWithStaff = { m: ListedMessage; parts: unknown; outbox: OutboxColumns | null; names: StaffNames };

function loadRows(db: Db, where: SQL, limit: number): Promise<MessageRowWithStaff[]> {
  const m = flaggedMessage.message;
  return db
    .select({
      m: listColumns,
      // The message's data without its text (a column already) and metadata (extension data the queue never shows).
      parts: sql<unknown>`jsonb_build_object('type', ${m}->'type', 'category', ${m}->'category', 'receiverType', ${m}->'receiverType', 'data', (${m}->'data') - 'text' - 'metadata')`,
      outbox: {
        status: reviewOutbox.status,
        state: reviewOutbox.state,
        attempts: reviewOutbox.attempts,
        lastError: reviewOutbox.lastError,
        dueAt: reviewOutbox.dueAt,
        sentAt: reviewOutbox.sentAt,
      },
      names: itemStaffNames,
    })
    .from(flaggedMessage)
    .leftJoin(reviewOutbox, eq(reviewOutbox.messageId, flaggedMessage.id))
    .where(where)
    .limit(limit);
}

/** Adds flags, notes and the people they name (each once, with the dashboard's deactivated mark). */
async function withDetails(db: Db, rows: MessageRowWithStaff[]): Promise<LoadedItems> {
  if (rows.length === 0) return { data: [], people: {}, reporters: {}, reasons: {} };
  const ids = rows.map((r) => r.m.id);
  const ofTheseMessages = inArray(flag.messageId, ids);
  const [flags, notes] = await Promise.all([
    db
      .select({
        messageId: flag.messageId,
        uid: flag.flaggerUid,
        reasonId: flag.reasonId,
        remark: flag.remark,
        flaggedAt: flag.flaggedAt,
        setAsideAt: flag.setAsideAt,
        flaggerName: flag.flaggerName,
        flaggerAvatar: flag.flaggerAvatar,
        flaggerRole: flag.flaggerRole,
        reasonName: flag.reasonName,
        description: flag.description,
      })
      .from(flag)
      .where(ofTheseMessages)
      .orderBy(asc(flag.flaggedAt), asc(flag.flaggerUid)),
    db
      .select({ ...getTableColumns(reviewNote), authorName: staff.name })
      .from(reviewNote)
      .leftJoin(staff, eq(staff.id, reviewNote.authorId))
      .where(inArray(reviewNote.messageId, ids))
      .orderBy(asc(reviewNote.createdAt), asc(reviewNote.id)),
  ]);

  // Flags go out by reference, each flagger's and reason's details once: the latest flag's, the
  // last in the flags' order. Read with the flags: two queries of their own cost two round trips
  // on every page of the queue.
  const people = new Map<string, Omit<QueuePerson, "deactivated">>();
  const reasonsById = new Map<string, LoadedItems["reasons"][string]>();
  for (const f of flags) {
    people.set(f.uid, { uid: f.uid, name: f.flaggerName, avatar: f.flaggerAvatar ?? undefined, role: f.flaggerRole ?? undefined });
    reasonsById.set(f.reasonId, { name: f.reasonName, description: f.description ?? undefined });
  }
  const flaggerUids = [...people.keys()];
  const reasons: LoadedItems["reasons"] = Object.fromEntries(reasonsById);
  const messages = rows.map((row) => ({ ...row, stored: storedMessageSchema.safeParse(row.parts) }));
  // The message's own entities are the fuller record (status), so they win over a flag's copy.
  for (const { m, stored } of messages) {
    const entities = stored.success ? stored.data.data.entities : undefined;
    const userEntity = (ref: NonNullable<typeof entities>["sender"]): Entity | undefined => (ref && "uid" in ref.entity ? ref.entity : undefined);
    // A group receiver is not a person: the item carries the group instead (toStoredItem).
    const isGroup = stored.success && stored.data.receiverType === "group";
    for (const [uid, entity] of [
      [m.senderUid, userEntity(entities?.sender)],
      ...(isGroup ? [] : [[m.receiverUid, userEntity(entities?.receiver)] as const]),
    ] as const) {
      const known = people.get(uid);
      people.set(uid, {
        uid,
        name: entity?.name ?? known?.name ?? uid,
        avatar: entity?.avatar ?? known?.avatar,
        role: entity?.role ?? known?.role,
        status: entity?.status ?? known?.status,
      });
    }
  }
  // Both need only the people named: one round trip, not two in turn.
  const [reporters, deactivatedRows] = await Promise.all([
    readReporterRecords(db, flaggerUids),
    db.select({ uid: deactivatedUser.uid }).from(deactivatedUser).where(inArray(deactivatedUser.uid, [...people.keys()])),
  ]);
  const deactivated = new Set(deactivatedRows.map((d) => d.uid));

  const flagsBy = groupRows(flags, (f) => f.messageId);
  const notesBy = groupRows(notes, (n) => n.messageId);
  return {
    data: messages.map(({ m, stored, outbox, names }) => ({
      ...toStoredItem(m, flagsBy.get(m.id) ?? [], (notesBy.get(m.id) ?? []).map(toReviewNote), stored.success ? stored.data : undefined, names),
      writeBack: toWriteBack(outbox),
    })),
    people: Object.fromEntries([...people].map(([uid, p]) => [uid, { ...p, deactivated: deactivated.has(uid) }])),
    reporters,
    reasons,
  };
}

function groupRows<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/** A note with its author's current name (joined by id). */
export function toReviewNote(row: typeof reviewNote.$inferSelect & { authorName: string | null }): ReviewNote {
  return { id: row.id, authorId: row.authorId, authorName: row.authorName ?? FORMER_STAFF, body: row.body, createdAt: seconds(row.createdAt) };
}

type ListedFlag = Pick<FlagRow, "messageId" | "reasonId" | "remark" | "flaggedAt" | "setAsideAt"> & { uid: string };

/** A cancelled decision (undone or reopened before it went out) is nothing to show. */
function toWriteBack(outbox: OutboxColumns | null): WriteBack | null {
  if (!outbox || outbox.state === "cancelled") return null;
  return { status: outbox.status, state: outbox.state, attempts: outbox.attempts, error: outbox.lastError, at: seconds(outbox.sentAt ?? outbox.dueAt) };
}

function toStoredItem(
  m: ListedMessage,
  flags: ListedFlag[],
  notes: ReviewNote[],
  stored: z.infer<typeof storedMessageSchema> | undefined,
  names: StaffNames,
): Omit<StoredItem, "writeBack"> {
  return {
    id: m.id,
    conversationId: m.conversationId,
    text: m.text,
    type: stored?.type ?? "text",
    category: stored?.category ?? "message",
    receiverType: stored?.receiverType ?? "user",
    group: stored?.receiverType === "group" ? groupOf(m.receiverUid, stored.data) : null,
    content: messageContent({ category: stored?.category ?? "message", type: stored?.type ?? "text", data: stored?.data ?? {} }),
    sentAt: seconds(m.sentAt),
    senderUid: m.senderUid,
    receiverUid: m.receiverUid,
    // A muted reporter's flags are kept on the item but no longer count towards it.
    flaggedCount: Math.max(m.flaggedCount, flags.length) - flags.filter((f) => f.setAsideAt).length,
    firstFlaggedAt: seconds(m.firstFlaggedAt),
    lastFlaggedAt: seconds(m.lastFlaggedAt),
    firstSeenAt: seconds(m.firstSeenAt),
    flags: flags.map((f) => ({ uid: f.uid, reasonId: f.reasonId, remark: f.remark ?? undefined, flaggedAt: seconds(f.flaggedAt), setAsideAt: f.setAsideAt ? seconds(f.setAsideAt) : undefined })),
    notes,
    state: m.state,
    reopened: m.reopened,
    actionTaken: m.actionTaken,
    pinnedBy: m.pinnedBy,
    pinnedAt: m.pinnedAt ? seconds(m.pinnedAt) : null,
    decidedAt: m.decidedAt ? seconds(m.decidedAt) : null,
    policyId: m.policyId,
    strikeWeight: m.strikeWeight,
    ...itemStaff(m, names),
    version: m.version,
    changedAt: m.changedAt ? seconds(m.changedAt) : null,
    priority: m.priority,
    // Written by the scorer alone; a row from before it, or one it could not read, shows no breakdown.
    priorityDetail: m.priorityAt ? (priorityBreakdownSchema.safeParse(m.priorityDetail).data ?? null) : null,
  };
}

/** The group a group message went to, from its receiver entity as far as the service sent it. */
function groupOf(guid: string, data: MessageData): GroupView {
  const ref = data.entities?.receiver;
  const entity = ref && "guid" in ref.entity ? ref.entity : undefined;
  return { guid, name: entity?.name ?? guid, icon: entity?.icon, membersCount: entity?.membersCount };
}
