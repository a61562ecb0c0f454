import "server-only";
import { ChatError } from "@/lib/chat/errors";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { loadQueue } from "./load-queue";
import type { QueueResponse, UpstreamStatus } from "./review-schemas";
import { syncFlaggedMessages } from "./sync";

/**
 * Fetches the chat service's flagged list, keeps it, and returns the queue from the database.
 * When the chat service fails, the queue the dashboard already holds is still returned, with the
 * failure in words, so a moderator keeps working on what is known.
 */
export async function refreshQueue(db: Db): Promise<QueueResponse> {
  const upstream = await pullFlaggedMessages(db);
  return { ...(await loadQueue(db)), upstream };
}

/**
 * The read cache hands every caller the same list object until it expires, so a list is stored
 * once per database rather than once per poll: a hundred moderators polling would otherwise lock
 * and rewrite the same rows a hundred times.
 */
const storedLists = new WeakMap<object, WeakSet<Db>>();

async function pullFlaggedMessages(db: Db): Promise<UpstreamStatus> {
  const fetchedAt = Math.floor(Date.now() / 1000);
  let list;
  try {
    list = await chat().listFlaggedMessages();
  } catch (error) {
    if (error instanceof ChatError) return { ok: false, code: error.code, message: error.message, fetchedAt };
    throw error;
  }
  const storedIn = storedLists.get(list) ?? new WeakSet<Db>();
  if (!storedIn.has(db)) {
    await syncFlaggedMessages(db, list.data);
    storedIn.add(db);
    storedLists.set(list, storedIn);
  }
  return { ok: true, count: list.meta.current.count, limit: list.meta.current.limit, fetchedAt };
}
