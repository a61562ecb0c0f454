import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { encodeSegment } from "@/lib/chat/path";
import type { AuthTokenUpdate, responses } from "@/lib/chat/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";
import { userPath } from "./users";
import type { DeactivateUsersResponse, ReactivateUsersResponse } from "@/lib/users/deactivation-outcome";

// Apart from the read options (users.ts), so pages that only show users do not load react-query's mutation code.

/**
 * One request of at most 100 UIDs; the bulk page calls it once per batch, saying how much of its
 * run is left (this batch included) so the server refuses a run the hourly limit cannot take.
 */
export function useDeactivateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uids, bulkRemaining, policyId }: { uids: string[]; bulkRemaining?: number; policyId?: number }) =>
      apiFetch<DeactivateUsersResponse>("/api/users", {
        method: "DELETE",
        body: JSON.stringify({ uidsToDeactivate: uids, ...(bulkRemaining === undefined ? {} : { bulkRemaining }), ...(policyId === undefined ? {} : { policyId }) }),
      }),
    // A protected user's request shows in the queue's overview: that reads again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.review.deactivationRequests() }),
      ]),
  });
}

/** Admin: reactivate deactivated users; the user pages read the service again afterwards. */
export function useReactivateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uids: string[]) => apiFetch<ReactivateUsersResponse>("/api/users", { method: "PUT", body: JSON.stringify({ uidsToActivate: uids }) }),
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
