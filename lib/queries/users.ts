import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { encodeSegment } from "@/lib/chat/path";
import type { z } from "zod";
import type { AuthTokenUpdate, responses } from "@/lib/chat/schemas";
import type { recentUsersSchema, userContextSchema } from "@/lib/users/user-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

const userPath = (uid: string) => `/api/users/${encodeSegment(uid)}`;

/** The user exactly as the chat service returned it (through the dashboard's API). */
export const userDetailOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(uid), queryFn: () => apiFetch<z.infer<typeof responses.getUser>>(userPath(uid)) });

/** The dashboard's own record of the user: flagged messages sent, flags raised, deactivation. */
export const userContextOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.context(uid), queryFn: () => apiFetch<z.infer<typeof userContextSchema>>(`${userPath(uid)}/context`) });

/** The users the signed-in staff member opened recently, newest first. */
export const recentUsersOptions = () =>
  queryOptions({ queryKey: queryKeys.users.recent(), queryFn: () => apiFetch<z.infer<typeof recentUsersSchema>>("/api/me/recent-users") });

/** One request of at most 100 UIDs; the bulk page calls it once per batch. */
export function useDeactivateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uids: string[]) =>
      apiFetch<z.infer<typeof responses.deactivateUsers>>("/api/users", { method: "DELETE", body: JSON.stringify({ uidsToDeactivate: uids }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useAddFriends(uid: string) {
  return useMutation({
    mutationFn: (body: { accepted: string[]; addToConversations: boolean }) =>
      apiFetch<z.infer<typeof responses.addFriends>>(`${userPath(uid)}/friends`, { method: "POST", body: JSON.stringify(body) }),
  });
}

export function useUpdateAuthToken(uid: string) {
  return useMutation({
    mutationFn: ({ authToken, update }: { authToken: string; update: AuthTokenUpdate }) =>
      apiFetch<z.infer<typeof responses.updateAuthToken>>(`${userPath(uid)}/auth_tokens/${encodeSegment(authToken)}`, {
        method: "PUT",
        body: JSON.stringify(update),
      }),
  });
}
