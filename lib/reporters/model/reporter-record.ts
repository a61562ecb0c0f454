/**
 * A reporter (a user who flags messages) as the queue shows them beside their name: how their
 * decided flags went, and whether a moderator muted them. Browser-safe and without zod (its schema
 * is in review-schemas.ts): zod builds object schemas with new Function(), which the page's
 * Content-Security-Policy refuses, and the queue's item details import this.
 */

/** A flagger's record is read over their latest decided flags only, so an old habit fades. */
export const RELIABILITY_WINDOW = 100;

/** How a flagger's latest decided flags went: upheld (item resolved) or dismissed; `muted` while their flags are set aside. */
export type ReporterRecord = { upheld: number; dismissed: number; muted: boolean };

/** Too few decided flags say nothing about a reporter; past this many, mostly dismissed ones are a poor record. */
const MIN_DECIDED_FOR_JUDGEMENT = 5;

/** More dismissed than upheld flags, over enough decisions to mean something: the queue marks it. */
export function hasPoorRecord(record: Pick<ReporterRecord, "upheld" | "dismissed">): boolean {
  const decided = record.upheld + record.dismissed;
  return decided >= MIN_DECIDED_FOR_JUDGEMENT && record.dismissed > record.upheld;
}

/** The record in words, as the queue shows it beside the flagger's name. */
export function reporterRecordText(record: Pick<ReporterRecord, "upheld" | "dismissed">): string {
  if (record.upheld + record.dismissed === 0) return "no decided flags yet";
  return `${record.upheld} upheld · ${record.dismissed} dismissed`;
}
