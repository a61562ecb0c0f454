"use client";
import { useSyncExternalStore } from "react";

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
// "3d ago", "2h ago": where several times share a line.
const narrow = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "narrow" });
const absolute = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatRelative(seconds: number, nowSeconds: number, short = false): string {
  // Everything shown is in the past; the coarse clock must not make a fresh event look future.
  const delta = Math.min(seconds - nowSeconds, 0);
  const format = short ? narrow : relative;
  for (const [unit, size] of units) {
    if (Math.abs(delta) >= size || unit === "second") return format.format(Math.round(delta / size), unit);
  }
  return "";
}

export function formatAbsolute(seconds: number): string {
  return `${absolute.format(new Date(seconds * 1000))} UTC`;
}

const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, 30_000);
  return () => clearInterval(timer);
};
// Coarse to the half minute so the snapshot is stable between renders.
const nowSeconds = () => Math.floor(Date.now() / 30_000) * 30;

/** The time in seconds, to the half minute, changing every half minute: for what depends on it (ages, overdue). */
export function useNowSeconds(): number {
  return useSyncExternalStore(subscribe, nowSeconds, nowSeconds);
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
