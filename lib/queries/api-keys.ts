import { queryOptions } from "@tanstack/react-query";
import type { ApiKeyScope } from "@/lib/chat/schemas";
import type { z } from "zod";
import type { apiKeySummarySchema, maskedApiKeyListSchema } from "@/lib/moderation/api-key-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The service's keys for one scope (or all), masked; search, sort and paging happen in the browser. */
export const apiKeyListOptions = (scope: ApiKeyScope | null) =>
  queryOptions({
    queryKey: queryKeys.apiKeys.list(scope),
    queryFn: () => apiFetch<z.infer<typeof maskedApiKeyListSchema>>(`/api/apikeys${scope ? `?scope=${scope}` : ""}`),
  });

export const apiKeySummaryOptions = () =>
  queryOptions({ queryKey: queryKeys.apiKeys.summary(), queryFn: () => apiFetch<z.infer<typeof apiKeySummarySchema>>("/api/apikeys/summary") });
