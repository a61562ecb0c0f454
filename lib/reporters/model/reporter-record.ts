import { z } from "zod";

/**
 * A reporter (a user who flags messages) as the queue shows them beside their name: how their
 * decided flags went, and whether a moderator muted them. Browser-safe.
 */

/** A flagger's record is read over their latest decided flags only, so an old habit fades. */
export const RELIABILITY_WINDOW = 100;

/** How a flagger's latest decided flags went: upheld (item resolved) or dismissed; `muted` while their flags are set aside. */
export const reporterRecordSchema = z.object({ upheld: z.number().int(), dismissed: z.number().int(), muted: z.boolean() });
export type ReporterRecord = z.infer<typeof reporterRecordSchema>;

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
