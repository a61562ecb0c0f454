import { createParser } from "nuqs/server";

/**
 * Parsers for the pages' URL state that nuqs does not ship. Each page declares its parameters once,
 * with these and nuqs's own, and reads them with that one declaration on the server (createLoader)
 * and in the browser (useQueryStates). A malformed value in a shared or hand-edited link reads as
 * absent (its default), never as an error page.
 */

/** Text cut to `max` characters: an over-long value is shortened, not refused. */
export const parseAsBoundedText = (max: number) => createParser({ parse: (value) => value.slice(0, max), serialize: (value: string) => value });

/** Text that `accept` allows; anything else reads as absent. */
export const parseAsAcceptedText = (accept: (value: string) => boolean) =>
  createParser({ parse: (value) => (accept(value) ? value : null), serialize: (value: string) => value });
