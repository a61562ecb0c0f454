import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { MAX_RANGE_DAYS, daysBetween } from "./range-days";

const day = calendarDaySchema;

const DAY_MS = 86_400_000;

/** Whole UTC days, `from` to `to` inclusive, checked in order and length. */
function inRange<T extends z.ZodObject<{ from: typeof day; to: typeof day }>>(schema: T) {
  return schema
    .refine(({ from, to }) => from <= to, { message: "from is after to", path: ["to"] })
    .refine(({ from, to }) => daysBetween(from, to) < MAX_RANGE_DAYS, { message: `at most ${MAX_RANGE_DAYS} days`, path: ["to"] });
}

/** GET /api/transparency/summary. */
export const transparencyRangeSchema = inRange(z.strictObject({ from: day, to: day }));
export type TransparencyRange = z.infer<typeof transparencyRangeSchema>;

/** GET /api/transparency/export: the range and the file's format. */
export const transparencyExportQuerySchema = inRange(z.strictObject({ from: day, to: day, format: z.enum(["jsonl", "csv"], { error: "expected jsonl or csv" }) }));
export type TransparencyExportQuery = z.infer<typeof transparencyExportQuerySchema>;

/** The range as instants: from the start of `from` to the start of the day after `to`. */
export const rangeBounds = ({ from, to }: TransparencyRange) => ({ start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) });

/** The report's range when none is asked for: the last whole calendar month (UTC). */
export function lastWholeMonth(nowMs = Date.now()): TransparencyRange {
  const now = new Date(nowMs);
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - DAY_MS);
  const firstOfPrevious = new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1));
  return { from: firstOfPrevious.toISOString().slice(0, 10), to: lastOfPrevious.toISOString().slice(0, 10) };
}
