import { MAX_UID_LENGTH, idTextProblem } from "@/lib/api/limits";
import { userHref } from "./user-href";

/**
 * Where a UID typed into a Go to user box leads: the user's page, with the UID (in lower case) as one encoded
 * path segment (so `a/b`, `x?y`, spaces and non-Latin letters arrive intact), or why no user can
 * have it (the API would refuse it too).
 */
export function userPageFor(typed: string): { href: string; problem?: undefined } | { href?: undefined; problem: string } {
  const uid = typed.trim();
  const problem = idTextProblem(uid, "UID", MAX_UID_LENGTH);
  return problem ? { problem } : { href: userHref(uid) };
}
