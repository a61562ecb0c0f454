import { queryOptions } from "@tanstack/react-query";
import type { ConversationContext } from "@/lib/review/model/conversation-schemas";
import type { QueueItem } from "@/lib/review/model/review-schemas";
import { apiFetch } from "./api-fetch";
import { conversationPath } from "./conversation-path";
import { queryKeys } from "./query-keys";

/** The messages just before and after a flagged one; asked for only when a moderator opens it. */
export const conversationOptions = (item: Pick<QueueItem, "id" | "group" | "receiver" | "sender">) => {
  const path = conversationPath(item);
  return queryOptions({
    queryKey: queryKeys.conversation.around(path),
    queryFn: () => apiFetch<{ data: ConversationContext }>(path).then((answer) => answer.data),
    staleTime: 60_000,
  });
};
