import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/open";
import { log } from "@/lib/log";
import { watchQueue } from "./queue-live";
import { refreshQueue } from "./refresh-queue";

/** Open streams one process serves, and one moderator may hold (several tabs); past them the page polls. */
export const MAX_EVENT_STREAMS = 500;
export const MAX_EVENT_STREAMS_PER_STAFF = 10;
/** A comment this often keeps proxies from closing an idle stream, and checks the session is still good. */
const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops (the `retry:` hint). */
const RETRY_MS = 3_000;
/** How often this instance fetches the chat service's flagged list while any queue is open on it, so new flags arrive pushed. */
export const LIVE_REFRESH_MS = 3_000;

type Streams = { perStaff: Map<string, number>; total: number; refreshing: boolean };
const streamsByDb = new WeakMap<Db, Streams>();

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * GET /api/review/events as Server-Sent Events: `change` when the queue changed (the browser
 * fetches it again), `presence` with who has which item open. Ends when the browser goes, or
 * when `stillAllowed` (run at each heartbeat) throws: a signed-out or disabled moderator stops
 * hearing at the next heartbeat.
 */
export function openQueueEvents(db: Db, staffId: string, signal: AbortSignal, stillAllowed: () => Promise<unknown>): Response {
  const streams = streamsFor(db);
  if (streams.total >= MAX_EVENT_STREAMS || (streams.perStaff.get(staffId) ?? 0) >= MAX_EVENT_STREAMS_PER_STAFF) {
    throw new ApiError("ERR_RATE_LIMITED", "Too many live connections are open; the queue refreshes by itself instead.", { "retry-after": "30" });
  }
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (chunk: Uint8Array) => {
        if (!open) return;
        try {
          controller.enqueue(chunk);
        } catch {
          end();
        }
      };
      let unwatch = () => {};
      const heartbeat = setInterval(() => {
        stillAllowed().then(() => send(encoder.encode(": heartbeat\n\n")), end);
      }, HEARTBEAT_MS);
      heartbeat.unref();
      end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unwatch();
        signal.removeEventListener("abort", end);
        streamClosed(streams, staffId);
        try {
          controller.close();
        } catch {
          // Already closed by the reader going away.
        }
      };
      streamOpened(db, streams, staffId);
      send(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      unwatch = watchQueue(db, { onChange: (event) => send(frame("change", event)), onPresence: (event) => send(frame("presence", event)) });
      if (signal.aborted) end();
      else signal.addEventListener("abort", end);
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression would otherwise hold events back to fill its buffer.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

function streamsFor(db: Db): Streams {
  let streams = streamsByDb.get(db);
  if (!streams) {
    streams = { perStaff: new Map(), total: 0, refreshing: false };
    streamsByDb.set(db, streams);
  }
  return streams;
}

function streamOpened(db: Db, streams: Streams, staffId: string) {
  streams.total++;
  streams.perStaff.set(staffId, (streams.perStaff.get(staffId) ?? 0) + 1);
  if (!streams.refreshing) {
    streams.refreshing = true;
    scheduleRefresh(db, streams);
  }
}

function streamClosed(streams: Streams, staffId: string) {
  streams.total--;
  const left = (streams.perStaff.get(staffId) ?? 1) - 1;
  if (left > 0) streams.perStaff.set(staffId, left);
  else streams.perStaff.delete(staffId);
}

/**
 * One loop per process, while a stream is open: new flags exist only upstream until a sync
 * stores them, and the sync announces what it wrote (markQueueChanged), so browsers need not poll.
 */
function scheduleRefresh(db: Db, streams: Streams) {
  setTimeout(async () => {
    if (streams.total === 0) {
      streams.refreshing = false;
      return;
    }
    try {
      await refreshQueue(db);
    } catch (error) {
      log().warn({ err: error }, "the live queue could not fetch the flagged list; trying again");
    }
    scheduleRefresh(db, streams);
  }, LIVE_REFRESH_MS).unref();
}
