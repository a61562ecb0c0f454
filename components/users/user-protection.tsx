"use client";
import { useQuery } from "@tanstack/react-query";
import { LazyDeactivationRequestActions } from "@/components/review/lazy-deactivation-request-actions";
import { DeactivationRequestSummary } from "@/components/review/deactivation-request-summary";
import { describeProtection } from "@/lib/protection/model/protection-words";
import { userProtectionOptions } from "@/lib/queries/protection";
import { InlineError } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";

/**
 * Whether the user is protected, and why (the protected list, a tag or a role), and the pending
 * request to deactivate them with what the reader may do with it. Nothing for an unprotected user
 * with no request.
 */
export function UserProtection({ uid }: { uid: string }) {
  const query = useQuery(userProtectionOptions(uid));
  if (query.isPending) return <LoadingBlock label="Loading protection" className="h-6 w-64 animate-pulse rounded bg-slate-100" />;
  if (query.isError) {
    return (
      <InlineError onRetry={() => void query.refetch()}>Whether this user is protected could not be read: {query.error.message}</InlineError>
    );
  }
  const { protection, pending } = query.data.data;
  if (!protection && !pending) return null;
  return (
    <div role="note" aria-label="Protected user" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {protection && (
        <p>
          <strong>Protected</strong> ({describeProtection(protection)}): deactivating this user needs a second staff member&apos;s approval.
        </p>
      )}
      {pending && (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="font-medium">A deactivation is waiting for approval.</p>
            <DeactivationRequestSummary request={pending} linkUser={false} />
          </div>
          <LazyDeactivationRequestActions request={pending} />
        </div>
      )}
    </div>
  );
}
