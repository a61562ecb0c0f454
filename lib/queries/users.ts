import { queryOptions } from "@tanstack/react-query";
import { encodeSegment } from "@/lib/chat/path";
import type { z } from "zod";
import { canonicalUid } from "@/lib/users/user-href";
import type { recentUsersSchema, UserAnswer, userContextSchema } from "@/lib/users/user-schemas";
import type { UserSearchResult } from "@/lib/users/user-search-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The dashboard's API path of one user (mutations build on it too). */
export const userPath = (uid: string) => `/api/users/${encodeSegment(canonicalUid(uid))}`;

/** The user as the chat service returned it (through the dashboard's API), and whether deactivated. */
export const userDetailOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(canonicalUid(uid)), queryFn: () => apiFetch<UserAnswer>(userPath(uid)) });

/** The dashboard's own record of the user: flagged messages sent, flags raised, deactivation. */
export const userContextOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.context(canonicalUid(uid)), queryFn: () => apiFetch<z.infer<typeof userContextSchema>>(`${userPath(uid)}/context`) });

/** The users the signed-in staff member opened recently, newest first. */
export const recentUsersOptions = () =>
  queryOptions({ queryKey: queryKeys.users.recent(), queryFn: () => apiFetch<z.infer<typeof recentUsersSchema>>("/api/me/recent-users") });

/**
 * Users whose UID or name starts with `searchKey` (the "Go to user" box). Kept a minute: typing
 * back over a prefix shows its answer again without asking. A failure is shown at once, with
 * Retry, rather than retried while the moderator waits: the next key asks again anyway.
 */
export const userSearchOptions = (searchKey: string) =>
  queryOptions({
    queryKey: queryKeys.users.search(searchKey),
    queryFn: ({ signal }) => apiFetch<UserSearchResult>(`/api/users?searchKey=${encodeURIComponent(searchKey)}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });
