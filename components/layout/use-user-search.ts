"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { userSearchOptions } from "@/lib/queries/users";

/** How long typing must pause before the search is sent. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/**
 * The search for what is typed, sent once typing pauses; the last answer stays shown meanwhile.
 * `pending`: what is shown is not yet the answer for what is typed.
 */
export function useUserSearch(typed: string) {
  const searchKey = useDebouncedValue(typed.trim(), USER_SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...userSearchOptions(searchKey), enabled: searchKey.length > 0, placeholderData: keepPreviousData });
  return { query, pending: searchKey !== typed.trim() || query.isFetching };
}
