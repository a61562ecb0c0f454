/**
 * How the dashboard writes numbers and times, in one place. Numbers and relative times are in
 * English, like the rest of the text, so the server and the browser write them alike; a calendar
 * date can follow the viewer's locale (`locale` undefined, in the browser).
 */
const numbers = new Intl.NumberFormat("en");

/** 5000 → "5,000". */
export function formatNumber(value: number): string {
  return numbers.format(value);
}

/** "1 key", "2,301 keys". */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

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

/** "5 minutes ago" ("5m ago" when `short`); epoch seconds. */
export function formatRelative(seconds: number, nowSeconds: number, short = false): string {
  // Everything shown is in the past; the coarse clock must not make a fresh event look future.
  const delta = Math.min(seconds - nowSeconds, 0);
  const format = short ? narrow : relative;
  for (const [unit, size] of units) {
    if (Math.abs(delta) >= size || unit === "second") return format.format(Math.round(delta / size), unit);
  }
  return "";
}

/** "3 Mar 2025, 14:05 UTC": the same for every viewer, for records compared across time zones. */
export function formatAbsolute(seconds: number): string {
  return `${absolute.format(new Date(seconds * 1000))} UTC`;
}

/** The calendar date in `locale` and its time zone (the viewer's own when undefined, in the browser). */
export function formatDate(seconds: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(seconds * 1000));
}
