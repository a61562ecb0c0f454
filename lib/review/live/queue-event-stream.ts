import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/open";
import { metrics } from "@/lib/metrics/registry";
import { queueQuietSince, watchQueue } from "./queue-live";

/** Open streams one process serves, and one moderator may hold (several tabs); past them the page polls. */
export const MAX_EVENT_STREAMS = 500;
export const MAX_EVENT_STREAMS_PER_STAFF = 10;
/** A comment this often keeps proxies from closing an idle stream, and checks the session is still good. */
const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops (the `retry:` hint). */
const RETRY_MS = 3_000;
/**
 * Bytes a stream may hold for a browser that does not read them. Past it the stream is dropped
 * (the browser reconnects and fetches the queue again), so a client that opens streams and never
 * reads cannot grow the server: they grew it to 3.5 GB.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * How far before the page's read a change still counts as possibly missed by it. A review query
 * the page did not read with it, but found in the browser's cache, is at most 5 s old when the page
 * mounts (the client's staleTime, lib/queries/make-query-client.ts; older ones are fetched again),
 * so it was read after (page read - 5 s); 5 s more cover the instances' clocks and a change heard a
 * moment after its commit.
 */
export const SINCE_MARGIN_MS = 10_000;

/** `buffered`: each open stream's bytes not yet taken by its client. */
type Streams = { perStaff: Map<string, number>; total: number; buffered: Set<() => number> };
const streamsByDb = new WeakMap<Db, Streams>();

const encoder = new TextEncoder();
/**
 * One encoding per event, shared by every stream it goes to: a presence report reaches every open
 * stream, and encoding it once per stream made hundreds of copies of each (most of the memory a
 * flood of reports cost).
 */
const frames = new WeakMap<object, Uint8Array>();
function frame(event: string, data: object): Uint8Array {
  let bytes = frames.get(data);
  if (!bytes) {
    bytes = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    frames.set(data, bytes);
  }
  return bytes;
}

/**
 * GET /api/review/events as Server-Sent Events: `change` when the queue changed (the browser
 * fetches it again), `presence` with who has which item open. Ends when the browser goes, or
 * when `stillAllowed` (run at each heartbeat) throws: a signed-out or disabled moderator stops
 * hearing at the next heartbeat. `sinceMs`: when the page's queue was read (server time); a
 * `change` is sent at once unless the queue surely has not changed since, so a page just loaded
 * is not fetched a second time.
 */
export function openQueueEvents(db: Db, staffId: string, signal: AbortSignal, stillAllowed: () => Promise<unknown>, sinceMs?: number): Response {
  const streams = streamsFor(db);
  if (streams.total >= MAX_EVENT_STREAMS || (streams.perStaff.get(staffId) ?? 0) >= MAX_EVENT_STREAMS_PER_STAFF) {
    throw new ApiError("ERR_RATE_LIMITED", "Too many live connections are open; the queue refreshes by itself instead.", { "retry-after": "30" });
  }
  let end = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const buffered = () => MAX_BUFFERED_BYTES - (controller.desiredSize ?? 0);
        let overflowed = false;
        const send = (chunk: Uint8Array) => {
          if (!open) return;
          try {
            controller.enqueue(chunk);
          } catch {
            end();
            return;
          }
          if (buffered() > MAX_BUFFERED_BYTES) {
            overflowed = true;
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
          streamClosed(streams, staffId, buffered);
          try {
            // An error, not a close (which keeps the queue until it is read), drops what is queued;
            // an AbortError is how Next expects a stream to stop: it ends the response quietly.
            if (overflowed) controller.error(new DOMException("the client did not keep up with the stream", "AbortError"));
            else controller.close();
          } catch {
            // Already closed by the reader going away.
          }
        };
        streamOpened(streams, staffId, buffered);
        send(encoder.encode(`retry: ${RETRY_MS}\n\n`));
        unwatch = watchQueue(db, { onChange: (event) => send(frame("change", event)), onPresence: (event) => send(frame("presence", event)) });
        if (sinceMs !== undefined && !queueQuietSince(db, sinceMs - SINCE_MARGIN_MS)) send(frame("change", UNKNOWN_CHANGE));
        if (signal.aborted) end();
        else signal.addEventListener("abort", end);
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: MAX_BUFFERED_BYTES, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression would otherwise hold events back to fill its buffer.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

const UNKNOWN_CHANGE = { ids: null };

function streamsFor(db: Db): Streams {
  let streams = streamsByDb.get(db);
  if (!streams) {
    streams = { perStaff: new Map(), total: 0, buffered: new Set() };
    streamsByDb.set(db, streams);
  }
  return streams;
}

/** This process's open streams on `db` and the bytes they hold for their clients (tests, the benchmark). */
export function queueEventStreamStats(db: Db): { open: number; bufferedBytes: number } {
  const streams = streamsFor(db);
  return { open: streams.total, bufferedBytes: [...streams.buffered].reduce((sum, bytes) => sum + bytes(), 0) };
}

function streamOpened(streams: Streams, staffId: string, buffered: () => number) {
  streams.total++;
  metrics()?.eventStreams.inc();
  streams.buffered.add(buffered);
  streams.perStaff.set(staffId, (streams.perStaff.get(staffId) ?? 0) + 1);
}

function streamClosed(streams: Streams, staffId: string, buffered: () => number) {
  streams.total--;
  metrics()?.eventStreams.dec();
  streams.buffered.delete(buffered);
  const left = (streams.perStaff.get(staffId) ?? 1) - 1;
  if (left > 0) streams.perStaff.set(staffId, left);
  else streams.perStaff.delete(staffId);
}
