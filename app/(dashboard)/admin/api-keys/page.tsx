import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ApiKeysReview } from "@/components/admin/api-keys-review";
import { ScopeBadge } from "@/components/admin/scope-badge";
import { UrlState } from "@/components/ui/url-state";
import { apiKeyViewParams, readApiKeyView } from "@/lib/admin/api-key-view";
import { requirePageSession } from "@/lib/auth/page-session";
import { listMaskedApiKeys, summarizeApiKeys } from "@/lib/moderation/api-keys";
import { apiKeyListOptions, apiKeySummaryOptions } from "@/lib/queries/api-keys";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import type { ApiKeyScope } from "@/lib/chat/schemas";
import { API_KEY_SCOPES } from "@/lib/chat/scopes";
import { urlKeyOrder } from "@/lib/url/param-order";

export const metadata: Metadata = { title: "API keys" };

/** What each kind of key can do, in words for an admin who does not read the chat service's API. */
const KEY_CAN: Record<ApiKeyScope, string> = {
  fullAccess: "Can do everything: read and change users, messages and groups, and deactivate users.",
  authOnly: "Can only sign users in to the chat; it cannot read or change anything.",
};

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requirePageSession({ role: "admin" });
  const { scope } = readApiKeyView(await searchParams);
  const queryClient = makeQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...apiKeyListOptions(scope), queryFn: () => listMaskedApiKeys(scope ?? undefined, undefined) }),
    queryClient.prefetchQuery({ ...apiKeySummaryOptions(), queryFn: () => summarizeApiKeys() }),
  ]);
  // The words stay on the server: only the parts that change with the list are the page's script.
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-6">
      <div className="space-y-2">
        <h1 id="api-keys-heading" className="text-2xl font-semibold">
          API keys
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          The keys your apps and servers use to talk to the chat service. This page shows only the first and last characters of each
          key; Reveal and Copy show one whole key for a moment, and each time is written to the audit log.
        </p>
        <h2 className="sr-only">What each kind of key can do</h2>
        <dl className="grid max-w-3xl gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="contents">
              <dt>
                <ScopeBadge scope={scope} />
              </dt>
              <dd className="text-slate-700">{KEY_CAN[scope]}</dd>
            </div>
          ))}
        </dl>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <UrlState order={urlKeyOrder(apiKeyViewParams)}>
          <ApiKeysReview twoFactor={staff.twoFactorEnabled} />
        </UrlState>
      </HydrationBoundary>
    </section>
  );
}
