import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyScope } from "@/lib/chat/schemas";
import type { z } from "zod";
import type { RevealApiKeyBody, apiKeySummarySchema, maskedApiKeyListSchema, revealedApiKeySchema } from "@/lib/moderation/api-key-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The service's keys for one scope (or all), masked; search, sort and paging happen in the browser. */
export const apiKeyListOptions = (scope: ApiKeyScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.apiKeys.list(scope),
    queryFn: () => apiFetch<z.infer<typeof maskedApiKeyListSchema>>(`/api/apikeys${scope ? `?scope=${scope}` : ""}`),
  });

export const apiKeySummaryOptions = () =>
  queryOptions({ queryKey: queryKeys.apiKeys.summary(), queryFn: () => apiFetch<z.infer<typeof apiKeySummarySchema>>("/api/apikeys/summary") });

/** Asks the server for one key's full value; the answer is never cached, and the audit view is refreshed. */
export function useRevealApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, purpose }: RevealApiKeyBody & { id: string }) =>
      apiFetch<z.infer<typeof revealedApiKeySchema>>(`/api/apikeys/${encodeURIComponent(id)}/reveal`, { method: "POST", body: JSON.stringify({ purpose }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  });
}
