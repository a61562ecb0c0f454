/**
 * The rule on a report's range, apart from its zod schema (transparency-range.ts) so the report's
 * form checks it without loading zod into the page.
 */

/** The longest range one export or report covers: a transparency report's year, with a leap day. */
export const MAX_RANGE_DAYS = 366;

/** Days from `from` to `to` (YYYY-MM-DD): negative when `to` comes first, NaN when either is no date. */
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
