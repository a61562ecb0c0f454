import { queryOptions } from "@tanstack/react-query";
import { responses } from "@/lib/chat/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The flagged messages exactly as the chat service returned them (through the dashboard's API). */
export const upstreamFlaggedOptions = () =>
  queryOptions({
    queryKey: queryKeys.flagged.upstream(),
    queryFn: () => apiFetch("/api/moderation/flagged-messages", responses.listFlaggedMessages),
  });
