import "server-only";
import { asc, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { entitySchema } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flag, flaggedMessage, reviewNote, type FlagRow, type FlaggedMessageRow } from "@/lib/db/schema";
import type { QueuePerson, QueueResponse, ReviewNote, StoredItem } from "./review-schemas";
import { itemStaff, itemStaffJoins, type ItemStaffNames } from "./item-staff";
import { REVIEW_STATES } from "./states";

/**
 * How much of the queue goes to the browser: every open item up to a long day's worth, and the
 * most recently flagged decided ones for context, small enough to filter in the browser without
 * a round trip. Older history stays in the database (and on the user pages).
 */
export const QUEUE_LIMITS = { open: 5000, decided: 1000 } as const;

/** What the queue reads back from the stored message (only these parts are read; the rest stays in the database). */
const storedMessageSchema = z.object({
  type: z.string().catch("text"),
  category: z.string().catch("message"),
  entities: z
    .object({ sender: z.object({ entity: entitySchema }), receiver: z.object({ entity: entitySchema }) })
    .optional()
    .catch(undefined),
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export type StoredQueue = Omit<QueueResponse, "upstream">;

/** The queue as the database holds it, open items first. */
export async function loadQueue(db: Db): Promise<StoredQueue> {
  const [open, decided, totalsRows] = await Promise.all([
    loadRows(db, eq(flaggedMessage.state, "open"), QUEUE_LIMITS.open),
    loadRows(db, ne(flaggedMessage.state, "open"), QUEUE_LIMITS.decided),
    db.select({ state: flaggedMessage.state, n: count() }).from(flaggedMessage).groupBy(flaggedMessage.state),
  ]);
  const totals = Object.fromEntries(REVIEW_STATES.map((s) => [s, totalsRows.find((r) => r.state === s)?.n ?? 0])) as StoredQueue["totals"];
  return { ...(await withDetails(db, [...open, ...decided])), totals, limits: QUEUE_LIMITS };
}

/** One item as the API sends it, or undefined when the dashboard has never received that message. */
export async function loadQueueItem(db: Db, id: string): Promise<StoredItem | undefined> {
  const rows = await loadRows(db, eq(flaggedMessage.id, id), 1);
  return (await withDetails(db, rows)).data[0];
}

const { message: _message, upstreamDigest: _digest, ...listColumns } = getTableColumns(flaggedMessage);
type ListedMessage = Omit<FlaggedMessageRow, "message" | "upstreamDigest">;
type MessageRowWithStaff = { m: ListedMessage; parts: unknown } & ItemStaffNames;

function loadRows(db: Db, where: SQL, limit: number): Promise<MessageRowWithStaff[]> {
  const staffJoins = itemStaffJoins();
  const m = flaggedMessage.message;
  const query = db
    .select({
      m: listColumns,
      parts: sql<unknown>`jsonb_build_object('type', ${m}->'type', 'category', ${m}->'category', 'entities', ${m}->'data'->'entities')`,
      ...staffJoins.names,
    })
    .from(flaggedMessage)
    .$dynamic();
  return staffJoins.join(query).where(where).orderBy(desc(flaggedMessage.lastFlaggedAt), asc(flaggedMessage.id)).limit(limit);
}

/** Adds flags, notes and the people they name (each once, with the dashboard's deactivated mark). */
async function withDetails(db: Db, rows: MessageRowWithStaff[]): Promise<Pick<StoredQueue, "data" | "people" | "reasons">> {
  if (rows.length === 0) return { data: [], people: {}, reasons: {} };
  const ids = rows.map((r) => r.m.id);
  const ofTheseMessages = inArray(flag.messageId, ids);
  // Flags by reference; each flagger's and reason's details once (the latest), as they repeat a lot.
  const [flags, flaggers, reasonRows, notes] = await Promise.all([
    db
      .select({ messageId: flag.messageId, uid: flag.flaggerUid, reasonId: flag.reasonId, remark: flag.remark, flaggedAt: flag.flaggedAt })
      .from(flag)
      .where(ofTheseMessages)
      .orderBy(asc(flag.flaggedAt), asc(flag.flaggerUid)),
    db
      .selectDistinctOn([flag.flaggerUid], { uid: flag.flaggerUid, name: flag.flaggerName, avatar: flag.flaggerAvatar, role: flag.flaggerRole })
      .from(flag)
      .where(ofTheseMessages)
      .orderBy(flag.flaggerUid, desc(flag.flaggedAt)),
    db
      .selectDistinctOn([flag.reasonId], { id: flag.reasonId, name: flag.reasonName, description: flag.description })
      .from(flag)
      .where(ofTheseMessages)
      .orderBy(flag.reasonId, desc(flag.flaggedAt)),
    db.select().from(reviewNote).where(inArray(reviewNote.messageId, ids)).orderBy(asc(reviewNote.createdAt), asc(reviewNote.id)),
  ]);

  const people = new Map<string, Omit<QueuePerson, "deactivated">>(
    flaggers.map((f) => [f.uid, { uid: f.uid, name: f.name, avatar: f.avatar ?? undefined, role: f.role ?? undefined }]),
  );
  const reasons: StoredQueue["reasons"] = Object.fromEntries(reasonRows.map((r) => [r.id, { name: r.name, description: r.description ?? undefined }]));
  const messages = rows.map((row) => ({ ...row, stored: storedMessageSchema.safeParse(row.parts) }));
  // The message's own entities are the fuller record (status), so they win over a flag's copy.
  for (const { m, stored } of messages) {
    const entities = stored.success ? stored.data.entities : undefined;
    for (const [uid, entity] of [
      [m.senderUid, entities?.sender.entity],
      [m.receiverUid, entities?.receiver.entity],
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
  const deactivated = new Set(
    (await db.select({ uid: deactivatedUser.uid }).from(deactivatedUser).where(inArray(deactivatedUser.uid, [...people.keys()]))).map((d) => d.uid),
  );

  const flagsBy = groupRows(flags, (f) => f.messageId);
  const notesBy = groupRows(notes, (n) => n.messageId);
  return {
    data: messages.map(({ m, stored, ...names }) =>
      toStoredItem(m, flagsBy.get(m.id) ?? [], (notesBy.get(m.id) ?? []).map(toReviewNote), stored.success ? stored.data : undefined, names),
    ),
    people: Object.fromEntries([...people].map(([uid, p]) => [uid, { ...p, deactivated: deactivated.has(uid) }])),
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

export function toReviewNote(row: typeof reviewNote.$inferSelect): ReviewNote {
  return { id: row.id, authorId: row.authorId, authorName: row.authorName, body: row.body, createdAt: seconds(row.createdAt) };
}

type ListedFlag = Pick<FlagRow, "messageId" | "reasonId" | "remark" | "flaggedAt"> & { uid: string };

function toStoredItem(
  m: ListedMessage,
  flags: ListedFlag[],
  notes: ReviewNote[],
  stored: z.infer<typeof storedMessageSchema> | undefined,
  names: ItemStaffNames,
): StoredItem {
  return {
    id: m.id,
    conversationId: m.conversationId,
    text: m.text,
    type: stored?.type ?? "text",
    category: stored?.category ?? "message",
    sentAt: seconds(m.sentAt),
    senderUid: m.senderUid,
    receiverUid: m.receiverUid,
    flaggedCount: Math.max(m.flaggedCount, flags.length),
    firstFlaggedAt: seconds(m.firstFlaggedAt),
    lastFlaggedAt: seconds(m.lastFlaggedAt),
    firstSeenAt: seconds(m.firstSeenAt),
    flags: flags.map((f) => ({ uid: f.uid, reasonId: f.reasonId, remark: f.remark ?? undefined, flaggedAt: seconds(f.flaggedAt) })),
    notes,
    state: m.state,
    reopened: m.reopened,
    actionTaken: m.actionTaken,
    pinnedBy: m.pinnedBy,
    pinnedAt: m.pinnedAt ? seconds(m.pinnedAt) : null,
    decidedAt: m.decidedAt ? seconds(m.decidedAt) : null,
    ...itemStaff(m, names),
    version: m.version,
    changedAt: m.changedAt ? seconds(m.changedAt) : null,
  };
}
