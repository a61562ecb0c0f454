import "server-only";
import { ChatError } from "@/lib/chat/errors";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import type { StoredQueue } from "./load-queue";
import { loadQueueShared } from "./queue-snapshot";
import type { QueueResponse, UpstreamStatus } from "./review-schemas";
import { syncFlaggedMessages } from "./sync";

/**
 * Fetches the chat service's flagged list, keeps it, and returns the queue from the database.
 * When the chat service fails, the queue the dashboard already holds is still returned, with the
 * failure in words, so a moderator keeps working on what is known.
 */
export async function refreshQueue(db: Db): Promise<QueueResponse> {
  const upstream = await pullFlaggedMessages(db);
  return combine(await loadQueueShared(db), upstream);
}

/**
 * The same stored queue with the same upstream answer is the same response object, so the route
 * serializes it once (sharedJsonResponse) however many moderators poll.
 */
const responses = new WeakMap<StoredQueue, WeakMap<UpstreamStatus, QueueResponse>>();

function combine(stored: StoredQueue, upstream: UpstreamStatus): QueueResponse {
  const byUpstream = responses.get(stored) ?? new WeakMap<UpstreamStatus, QueueResponse>();
  responses.set(stored, byUpstream);
  const known = byUpstream.get(upstream);
  if (known) return known;
  const response = { ...stored, upstream };
  byUpstream.set(upstream, response);
  return response;
}

/**
 * The read cache hands every caller the same list object until it expires, so a list is stored
 * once per database rather than once per poll (a hundred moderators polling would otherwise lock
 * the same rows a hundred times, all at once when a new list arrives: the callers share the one
 * store in flight), and its status is one object, fetched when first seen.
 */
const pulledLists = new WeakMap<object, { status: UpstreamStatus; stores: WeakMap<Db, Promise<unknown>> }>();

async function pullFlaggedMessages(db: Db): Promise<UpstreamStatus> {
  const fetchedAt = Math.floor(Date.now() / 1000);
  let list;
  try {
    list = await chat().listFlaggedMessages();
  } catch (error) {
    if (error instanceof ChatError) return { ok: false, code: error.code, message: error.message, fetchedAt };
    throw error;
  }
  const pulled = pulledLists.get(list) ?? {
    status: { ok: true, count: list.meta.current.count, limit: list.meta.current.limit, fetchedAt },
    stores: new WeakMap<Db, Promise<unknown>>(),
  };
  pulledLists.set(list, pulled);
  let store = pulled.stores.get(db);
  if (!store) {
    store = syncFlaggedMessages(db, list.data);
    pulled.stores.set(db, store);
    // A failed store is tried again by the next caller.
    store.catch(() => pulled.stores.get(db) === store && pulled.stores.delete(db));
  }
  await store;
  return pulled.status;
}
