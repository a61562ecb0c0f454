import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AddStaffBody, StaffMember, UpdateStaffBody, staffListSchema } from "@/lib/staff/staff-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const staffListOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.list(), queryFn: () => apiFetch<z.infer<typeof staffListSchema>>("/api/staff") });

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
