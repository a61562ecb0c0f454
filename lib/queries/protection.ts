import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  DecideRequestBody,
  DeactivationRequest,
  DeactivationRequestsResponse,
  ProtectedUser,
  UserProtection,
} from "@/lib/protection/model/protection-schemas";
import type { DeactivationOutcome } from "@/lib/users/deactivation-outcome";
import { encodeSegment } from "@/lib/chat/path";
import { canonicalUid } from "@/lib/users/user-href";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";
import { userPath } from "./users";

/** Pending requests (and the latest decided); a change to the queue, pushed or our own, refetches them. */
export const deactivationRequestsOptions = () =>
  queryOptions({ queryKey: queryKeys.review.deactivationRequests(), queryFn: () => apiFetch<DeactivationRequestsResponse>("/api/deactivation-requests") });

export const userProtectionOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.users.protection(canonicalUid(uid)),
    queryFn: () => apiFetch<{ data: UserProtection }>(`${userPath(uid)}/protection`),
  });

export const protectedUsersOptions = () =>
  queryOptions({ queryKey: queryKeys.protectedUsers.list(), queryFn: () => apiFetch<{ data: ProtectedUser[] }>("/api/protected-users") });

export type DecisionAnswer = { data: { request: DeactivationRequest; outcome?: DeactivationOutcome } };

/** Approve, refuse or cancel; the queue, the user pages and the admin page read again afterwards. */
export function useDecideDeactivationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DecideRequestBody & { id: number }) =>
      apiFetch<DecisionAnswer>(`/api/deactivation-requests/${id}`, { method: "POST", body: JSON.stringify(body) }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.review.all }), queryClient.invalidateQueries({ queryKey: queryKeys.users.all })]),
  });
}

export function useAddProtectedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { uid: string; note?: string }) => apiFetch<{ data: { uid: string } }>("/api/protected-users", { method: "POST", body: JSON.stringify(body) }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.protectedUsers.all }), queryClient.invalidateQueries({ queryKey: queryKeys.users.all })]),
  });
}

export function useRemoveProtectedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => apiFetch<{ data: { uid: string } }>(`/api/protected-users/${encodeSegment(canonicalUid(uid))}`, { method: "DELETE" }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.protectedUsers.all }), queryClient.invalidateQueries({ queryKey: queryKeys.users.all })]),
  });
}
