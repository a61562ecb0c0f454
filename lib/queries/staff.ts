import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { staffListSchema } from "@/lib/staff/staff-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const staffListOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.list(), queryFn: () => apiFetch<z.infer<typeof staffListSchema>>("/api/staff") });
