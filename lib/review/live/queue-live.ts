import "server-only";
import { notifierFor } from "@/lib/db/notify";
import type { Db } from "@/lib/db/open";
import { log } from "@/lib/log";
import { liveMessageSchema, type ChangeEvent, type LiveMessage, type PresenceEvent, type Viewer } from "@/lib/review/model/live-schemas";
import { lastQueueChangeAt, noteQueueChanged, publishLiveMessage, QUEUE_CHANNEL } from "./queue-changes";

/** How long a moderator counts as on an item after their last report; the browser reports more often. */
export const PRESENCE_TTL_MS = 30_000;

export type QueueWatcher = { onChange(event: ChangeEvent): void; onPresence(event: PresenceEvent): void };

type Presence = { name: string; itemId: string; expiresAt: number; reportedHere: boolean };
type Hub = {
  watchers: Set<QueueWatcher>;
  /** By staff id: one open item per moderator, the last they reported, from any instance. */
  presence: Map<string, Presence>;
  unsubscribe?: () => void;
  heardBefore: boolean;
  /** Since when this process has heard every other instance's change without a gap (set each time it starts listening again). */
  listeningSince?: number;
  expiry?: NodeJS.Timeout;
  lastPresence: string;
};

const hubs = new WeakMap<Db, Hub>();

function hubFor(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = { watchers: new Set(), presence: new Map(), heardBefore: false, lastPresence: "" };
    hubs.set(db, hub);
  }
  return hub;
}

/**
 * Tells `watcher` of every change to the review queue and every change of who has which item
 * open, from this instance and the others on the database, until the returned function is
 * called. The current presence is told at once. The process listens only while someone watches.
 */
export function watchQueue(db: Db, watcher: QueueWatcher): () => void {
  const hub = hubFor(db);
  hub.watchers.add(watcher);
  hub.unsubscribe ??= notifierFor(db).subscribe(
    QUEUE_CHANNEL,
    (message, local) => receive(db, hub, message, local),
    () => {
      // Reports made here while nobody listened have not been heard by the instances that started since.
      shareOwnPresence(db, hub);
      publishLiveMessage(db, { type: "hello" });
      // Listening again after a drop: whatever changed meanwhile was not heard.
      if (hub.heardBefore) {
        noteQueueChanged(db);
        for (const w of hub.watchers) w.onChange({ ids: null });
      }
      hub.heardBefore = true;
      hub.listeningSince = Date.now();
    },
  );
  watcher.onPresence(presenceEvent(hub));
  return () => {
    hub.watchers.delete(watcher);
    if (hub.watchers.size > 0 || !hub.unsubscribe) return;
    hub.unsubscribe();
    hub.unsubscribe = undefined;
    hub.heardBefore = false;
    hub.listeningSince = undefined;
    // Other instances' reports are no longer heard, so they cannot be kept up to date.
    for (const [staffId, entry] of hub.presence) if (!entry.reportedHere) hub.presence.delete(staffId);
    hub.lastPresence = "";
  };
}

/**
 * Whether the queue surely has not changed since `sinceMs`: this process has heard every instance
 * since before then (its own changes always, the others' while listening) and heard of no change.
 * What a page read at `sinceMs` shows is then current, and need not be fetched again.
 */
export function queueQuietSince(db: Db, sinceMs: number): boolean {
  const hub = hubs.get(db);
  const heardAll = hub?.listeningSince !== undefined && hub.listeningSince <= sinceMs && notifierFor(db).hearing();
  const changed = lastQueueChangeAt(db);
  return heardAll && (changed === undefined || changed < sinceMs);
}

/** Records which item a moderator has open (null: none), here and on the other instances. */
export function reportPresence(db: Db, staff: { id: string; name: string }, itemId: string | null, ttlMs = PRESENCE_TTL_MS): void {
  const message = { type: "presence", staffId: staff.id, name: staff.name, itemId, ttlMs } as const;
  applyPresence(hubFor(db), message, true);
  publishLiveMessage(db, message);
}

/**
 * A staff member's new name, for the presence of every instance at once: presence refers to staff
 * by id, and a report made before the rename must not keep showing the old name until it expires.
 */
export function announceRename(db: Db, staffId: string, name: string): void {
  publishLiveMessage(db, { type: "rename", staffId, name });
}

function receive(db: Db, hub: Hub, raw: unknown, local: boolean) {
  const parsed = liveMessageSchema.safeParse(raw);
  if (!parsed.success) return log().warn({ issues: parsed.error.issues.slice(0, 3) }, "an unexpected review queue notification was ignored");
  const message = parsed.data;
  if (message.type === "change") {
    if (!local) noteQueueChanged(db);
    // One event object for every watcher, so a stream encodes it once for all (queue-event-stream.ts).
    const event = { ids: message.ids };
    for (const watcher of hub.watchers) watcher.onChange(event);
  } else if (message.type === "presence") {
    // This instance applied its own report when it was made.
    if (!local) applyPresence(hub, message, false);
  } else if (message.type === "rename") {
    // Heard here too: the rename is announced from the auth route's bundle, whose hub is not this one.
    const entry = hub.presence.get(message.staffId);
    if (entry) {
      entry.name = message.name;
      presenceChanged(hub);
    }
  } else if (!local) {
    shareOwnPresence(db, hub);
  }
}

/** Tells the other instances again what was reported here (an instance reports only what its own moderators sent). */
function shareOwnPresence(db: Db, hub: Hub) {
  const now = Date.now();
  for (const [staffId, entry] of hub.presence) {
    if (!entry.reportedHere || entry.expiresAt <= now) continue;
    publishLiveMessage(db, { type: "presence", staffId, name: entry.name, itemId: entry.itemId, ttlMs: entry.expiresAt - now });
  }
}

function applyPresence(hub: Hub, message: Extract<LiveMessage, { type: "presence" }>, reportedHere: boolean) {
  if (message.itemId === null) hub.presence.delete(message.staffId);
  else hub.presence.set(message.staffId, { name: message.name, itemId: message.itemId, expiresAt: Date.now() + message.ttlMs, reportedHere });
  presenceChanged(hub);
}

function presenceEvent(hub: Hub): PresenceEvent {
  const viewers: Viewer[] = [...hub.presence].map(([staffId, entry]) => ({ staffId, name: entry.name, itemId: entry.itemId }));
  return { viewers: viewers.sort((a, b) => a.name.localeCompare(b.name) || a.staffId.localeCompare(b.staffId)) };
}

/** Drops what expired, tells the watchers when the picture changed (a heartbeat changes nothing), and waits for the next expiry. */
function presenceChanged(hub: Hub) {
  const now = Date.now();
  for (const [staffId, entry] of hub.presence) if (entry.expiresAt <= now) hub.presence.delete(staffId);
  const event = presenceEvent(hub);
  const text = JSON.stringify(event);
  if (text !== hub.lastPresence) {
    hub.lastPresence = text;
    for (const watcher of hub.watchers) watcher.onPresence(event);
  }
  if (hub.expiry) clearTimeout(hub.expiry);
  hub.expiry = undefined;
  if (hub.presence.size === 0) return;
  const next = Math.min(...[...hub.presence.values()].map((entry) => entry.expiresAt));
  hub.expiry = setTimeout(() => presenceChanged(hub), Math.max(0, next - now) + 10);
  hub.expiry.unref();
}
