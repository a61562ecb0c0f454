import { z } from "zod";
import { staffText } from "@/lib/text/staff-text";

/**
 * The "Go to user" box's search, as the dashboard's API takes and answers it (GET /api/users).
 * Client-safe: the browser parses answers with these.
 */

/** Longer than any UID or name prefix anyone types; the service is never asked for more. */
export const MAX_SEARCH_KEY_LENGTH = 100;

/** The box shows at most this many users. */
export const USER_SEARCH_LIMIT = 10;

export const userSearchQuerySchema = z.strictObject({
  searchKey: staffText(z.string().trim().min(1, "type part of a UID or name").max(MAX_SEARCH_KEY_LENGTH, `at most ${MAX_SEARCH_KEY_LENGTH} characters`), {
    multiline: false,
  }),
});

/** Where a match came from: the staff member's recently viewed users, the stored queue (senders, flaggers), or the chat service. */
export const USER_MATCH_SOURCES = ["recent", "queue", "chat"] as const;

export const userMatchSchema = z.object({ uid: z.string(), name: z.string(), source: z.enum(USER_MATCH_SOURCES) });
export type UserMatch = z.infer<typeof userMatchSchema>;

export const userSearchResponseSchema = z.object({
  data: z.array(userMatchSchema),
  /** Why the chat service could not be searched: `data` then holds only the users the dashboard knows. */
  chatServiceProblem: z.string().optional(),
});
export type UserSearchResult = z.infer<typeof userSearchResponseSchema>;
