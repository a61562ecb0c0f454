import { encodeSegment } from "@/lib/chat/path";

/**
 * The chat service stores UIDs in lower case and answers for them in any case, so the dashboard
 * compares, links and caches them in lower case: one user has one page, one cache entry.
 */
export const canonicalUid = (uid: string) => uid.toLowerCase();

/** A user's page, the UID as one encoded path segment. */
export const userHref = (uid: string) => `/users/${encodeSegment(canonicalUid(uid))}`;
