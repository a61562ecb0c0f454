"use client";
import { useSyncExternalStore } from "react";
import { formatAbsolute, formatDate, formatRelative } from "@/lib/format/intl";
import { useHydrated } from "./use-hydrated";

const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, 30_000);
  return () => clearInterval(timer);
};
// Coarse to the half minute so the snapshot is stable between renders.
const nowSeconds = () => Math.floor(Date.now() / 30_000) * 30;

/**
 * The time in seconds, to the half minute, changing every half minute: for what depends on it (ages,
 * overdue). `renderedAt` is the time the server rendered the page at: hydration reads the same
 * time, so a half-minute passing between the two changes nothing the server wrote.
 */
export function useNowSeconds(renderedAt?: number): number {
  return useSyncExternalStore(subscribe, nowSeconds, renderedAt === undefined ? nowSeconds : () => renderedAt);
}

/** Relative time ("5 minutes ago", or "5m ago" when `short`), with the absolute time on hover and for screen readers. */
export function TimeAgo({ seconds, short = false }: { seconds: number; short?: boolean }) {
  const now = useNowSeconds();
  const iso = new Date(seconds * 1000).toISOString();
  return (
    <time dateTime={iso} title={formatAbsolute(seconds)} suppressHydrationWarning>
      {formatRelative(seconds, now, short)}
    </time>
  );
}

/**
 * The calendar date as the viewer writes dates (their browser's locale and time zone). The server
 * cannot know it: the page is made with a fixed English date, replaced once the page is live.
 */
export function LocalDate({ seconds }: { seconds: number }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={new Date(seconds * 1000).toISOString()} title={formatAbsolute(seconds)}>
      {formatDate(seconds, hydrated ? undefined : "en-GB")}
    </time>
  );
}
