import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AddStaffBody,
  ResetStaffPasswordBody,
  ResetStaffPasswordResult,
  ResetStaffTwoFactorResult,
  StaffMember,
  UpdateStaffBody,
} from "@/lib/staff/staff-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

// Apart from the list's options (staff.ts), so the audit page, which only reads the list, does not load react-query's mutation code.

type OneStaff = { data?: Partial<StaffMember> };

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffBody) => apiFetch<OneStaff>("/api/staff", { method: "POST", body: JSON.stringify(body) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateStaffBody & { id: string }) =>
      apiFetch<OneStaff>(`/api/staff/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(body) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}

/** Ends a staff member's sign-in delay (DELETE /api/staff/{id}/sign-in-delay). */
export function useUnlockSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ data: { id: string; cleared: boolean } }>(`/api/staff/${encodeURIComponent(id)}/sign-in-delay`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.signInDelays() }),
  });
}

/** Sets someone's password (PUT /api/staff/{id}/password); `password: null` asks the server to make one up. */
export function useResetStaffPassword() {
  return useMutation({
    mutationFn: ({ id, ...body }: ResetStaffPasswordBody & { id: string }) =>
      apiFetch<ResetStaffPasswordResult>(`/api/staff/${encodeURIComponent(id)}/password`, { method: "PUT", body: JSON.stringify(body) }),
  });
}

/** Forgets someone's two-factor set-up (DELETE /api/staff/{id}/two-factor); the list shows it off. */
export function useResetStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ResetStaffTwoFactorResult>(`/api/staff/${encodeURIComponent(id)}/two-factor`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}
