import { MAX_UID_LENGTH, idTextProblem } from "@/lib/api/limits";

export type InvalidUidEntry = { entry: string; reason: string };

export type ParsedUidList = {
  /** Valid UIDs, each once, in the order first seen. */
  uids: string[];
  /** Entries dropped because they repeated an earlier one. */
  duplicates: number;
  /** Entries that are not UIDs the dashboard accepts (same rules as its API), with why. */
  invalid: InvalidUidEntry[];
  /** Entries left out on purpose (a user's own UID when adding friends). */
  excluded: string[];
};

/** A double-quoted entry may hold spaces and commas ("user with space"); anything else is split on them. */
const ENTRY = /"([^"]*)"|[^\s,]+/g;

/**
 * Reads a pasted list of UIDs separated by commas, spaces or new lines: duplicates removed,
 * entries the API would refuse pointed out, and `exclude` left out.
 */
export function parseUidList(text: string, options: { exclude?: string } = {}): ParsedUidList {
  const result: ParsedUidList = { uids: [], duplicates: 0, invalid: [], excluded: [] };
  const seen = new Set<string>();
  for (const match of text.matchAll(ENTRY)) {
    const entry = match[1] ?? match[0];
    if (seen.has(entry)) {
      result.duplicates++;
      continue;
    }
    seen.add(entry);
    if (entry === options.exclude) {
      result.excluded.push(entry);
      continue;
    }
    const problem = idTextProblem(entry, "UID", MAX_UID_LENGTH);
    if (problem) result.invalid.push({ entry, reason: problem });
    else result.uids.push(entry);
  }
  return result;
}
