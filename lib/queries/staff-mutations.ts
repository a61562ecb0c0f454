import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddStaffBody, StaffMember, UpdateStaffBody } from "@/lib/staff/staff-schemas";
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
