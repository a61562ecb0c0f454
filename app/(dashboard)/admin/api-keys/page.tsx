import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ApiKeysReview } from "@/components/admin/api-keys-review";
import { readApiKeyView } from "@/lib/admin/api-key-view";
import { requirePageSession } from "@/lib/auth/page-session";
import { listMaskedApiKeys, summarizeApiKeys } from "@/lib/moderation/api-keys";
import { apiKeyListOptions, apiKeySummaryOptions } from "@/lib/queries/api-keys";
import { makeQueryClient } from "@/lib/queries/make-query-client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageSession({ role: "admin" });
  const { scope } = readApiKeyView(await searchParams);
  const queryClient = makeQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...apiKeyListOptions(scope), queryFn: () => listMaskedApiKeys(scope, undefined) }),
    queryClient.prefetchQuery({ ...apiKeySummaryOptions(), queryFn: () => summarizeApiKeys() }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ApiKeysReview />
    </HydrationBoundary>
  );
}
