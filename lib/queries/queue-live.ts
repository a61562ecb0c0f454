"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { PresenceBody, PresenceEvent, Viewer } from "@/lib/review/model/live-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";
import { reviewMutationKey } from "./review";

/** `connecting` until the first stream opens; `reconnecting` after it failed or dropped (the page polls meanwhile). */
export type LiveStatus = "connecting" | "live" | "reconnecting";

/** More often than the server forgets a report (lib/review/live/queue-live.ts, 30 s), so a slow request does not drop it. */
const PRESENCE_HEARTBEAT_MS = 10_000;
const RESTART_MAX_MS = 60_000;
/**
 * Changes arrive in bursts (a bulk action, a sync, another moderator working fast): a burst costs
 * one refetch, and refetches start at most once a second, so busy moderators do not make every
 * open queue reload the whole queue several times a second.
 */
const CHANGE_COALESCE_MS = 200;
const MIN_REFETCH_INTERVAL_MS = 1_000;

/**
 * The review queue's push channel (GET /api/review/events): on `change` the review queries are
 * fetched again; `presence` says who has which item open. While the stream is `live` the queue
 * need not poll. Whatever changed before the stream first opened was not told: with `readAt` (when
 * the server read the page's queue, server milliseconds) the stream sends a `change` at once if the
 * queue may have changed since (lib/review/live/queue-event-stream.ts); without, the queries are
 * fetched again when it opens.
 */
export function useQueueEvents(readAt?: number): { status: LiveStatus; viewers: readonly Viewer[] } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [viewers, setViewers] = useState<readonly Viewer[]>([]);
  // The page's first render's: a later render (another view) reads nothing with the page.
  const [since] = useState(readAt);

  useEffect(() => {
    let source: EventSource | undefined;
    let restart: number | undefined;
    let refresh: number | undefined;
    let failures = 0;
    let lastRefetch = 0;

    const refetch = () => {
      refresh = undefined;
      lastRefetch = Date.now();
      // An answer read while this moderator's own change is in flight would undo it on screen; the change refetches when it settles.
      if (queryClient.isMutating({ mutationKey: reviewMutationKey }) > 0) return;
      // A hidden tab refetches when it is looked at again, not with every change.
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.all, refetchType: document.hidden ? "none" : "active" });
    };
    const changed = () => {
      refresh ??= window.setTimeout(refetch, Math.max(CHANGE_COALESCE_MS, lastRefetch + MIN_REFETCH_INTERVAL_MS - Date.now()));
    };
    let opened = false;
    const connect = () => {
      const current = new EventSource(since === undefined ? "/api/review/events" : `/api/review/events?since=${since}`);
      source = current;
      current.onopen = () => {
        failures = 0;
        // Whatever changed while the stream was down was not told.
        if (opened || since === undefined) changed();
        opened = true;
        setStatus("live");
      };
      current.addEventListener("change", changed);
      current.addEventListener("presence", (event) => setViewers((JSON.parse((event as MessageEvent<string>).data) as PresenceEvent).viewers));
      current.onerror = () => {
        setStatus("reconnecting");
        setViewers([]);
        // The browser retries a dropped stream by itself, but not a refused one (429, 401, a proxy's error page).
        if (current.readyState === EventSource.CLOSED) {
          current.close();
          restart = window.setTimeout(connect, Math.min(RESTART_MAX_MS, 2_000 * 2 ** failures++));
        }
      };
    };
    connect();
    return () => {
      source?.close();
      window.clearTimeout(restart);
      window.clearTimeout(refresh);
    };
  }, [queryClient, since]);

  return { status, viewers };
}

const reportPresence = (itemId: string | null) =>
  // keepalive: the report that the page is going must outlive the page. A failed report is not
  // shown to the moderator (presence is a hint, and the next report within 10 s says the same), but
  // its reason goes to the console for whoever looks.
  apiFetch("/api/review/presence", { method: "POST", body: JSON.stringify({ itemId } satisfies PresenceBody), keepalive: true }).catch((error: unknown) =>
    console.warn("presence report failed; the next one repeats it", error),
  );

/** Tells the other moderators which item this one has open, again every few seconds while it stays open, and when none is. */
export function useReportPresence(itemId: string | null) {
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (itemId === null) {
      if (reported.current !== null) void reportPresence(null);
      reported.current = null;
      return;
    }
    reported.current = itemId;
    void reportPresence(itemId);
    const heartbeat = window.setInterval(() => void reportPresence(itemId), PRESENCE_HEARTBEAT_MS);
    return () => window.clearInterval(heartbeat);
  }, [itemId]);

  useEffect(() => {
    const leave = () => {
      if (reported.current !== null) void reportPresence(null);
      reported.current = null;
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);
}
