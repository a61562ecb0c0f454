import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { staffListSchema, staffMemberSchema, type AddStaffBody, type UpdateStaffBody } from "@/lib/staff/staff-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const staffListOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.list(), queryFn: () => apiFetch("/api/staff", staffListSchema) });

const oneStaffSchema = z.object({ data: staffMemberSchema.partial().optional() });

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffBody) => apiFetch("/api/staff", oneStaffSchema, { method: "POST", body: JSON.stringify(body) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateStaffBody & { id: string }) =>
      apiFetch(`/api/staff/${encodeURIComponent(id)}`, oneStaffSchema, { method: "PATCH", body: JSON.stringify(body) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}
