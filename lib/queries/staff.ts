import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { StaffDirectory, slowedStaffListSchema, staffListSchema } from "@/lib/staff/staff-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const staffListOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.list(), queryFn: () => apiFetch<z.infer<typeof staffListSchema>>("/api/staff") });

export const signInDelaysOptions = () =>
  queryOptions({
    queryKey: queryKeys.staff.signInDelays(),
    queryFn: () => apiFetch<z.infer<typeof slowedStaffListSchema>>("/api/staff/sign-in-delays"),
  });

/** Staff come and go rarely: the directory is fetched once a page and again after 5 minutes; a new name shows after that. */
export const staffDirectoryOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.directory(), queryFn: () => apiFetch<StaffDirectory>("/api/staff/directory"), staleTime: 5 * 60_000 });
