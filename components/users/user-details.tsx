"use client";
import { useQuery } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { ApiClientError } from "@/lib/queries/api-fetch";
import type { ChatUser } from "@/lib/chat/schemas";
import { pollUntilRecovered } from "@/lib/queries/recovery";
import { userDetailOptions } from "@/lib/queries/users";
import { DeactivateUserButton } from "./deactivate-user-button";
import { DeactivatedBanner } from "./deactivated-banner";
import { ModerationContextSkeleton } from "./moderation-context-skeleton";
import { ReactivateUserButton } from "./reactivate-user-button";
import { UserAttributes } from "./user-attributes";
import { UserDetailsSkeleton } from "./user-details-skeleton";
import { UserProfile } from "./user-profile";
import { LoadingBlock } from "@/components/ui/loading-block";

// Admin-only forms below the fold: moderators never load them, admins load them after the page.
const formPlaceholder = { browserOnly: true, fallback: <div className="h-64 rounded-lg border border-slate-200 bg-white motion-safe:animate-pulse" aria-hidden="true" /> };
const AddFriendsForm = lazyPart(() => import("./add-friends-form").then((m) => m.AddFriendsForm), formPlaceholder);
const UpdateAuthTokenForm = lazyPart(() => import("./update-auth-token-form").then((m) => m.UpdateAuthTokenForm), formPlaceholder);
// The moderation history's code loads after the page's first scripts: the server renders it into the
// first HTML (its data is read with the page), and the browser hydrates it once its code is in.
const ModerationContext = lazyPart(() => import("./moderation-context").then((m) => m.ModerationContext), { fallback: <ModerationContextSkeleton /> });
// The ledger and the protection note load after the page as well: the page is at its script budget.
const StrikeLedger = lazyPart(() => import("./strike-ledger").then((m) => m.StrikeLedger), {
  browserOnly: true,
  fallback: <LoadingBlock label="Loading strikes" className="h-32 rounded-lg border border-slate-200 bg-white motion-safe:animate-pulse" />,
});
const UserProtection = lazyPart(() => import("./user-protection").then((m) => m.UserProtection), {
  browserOnly: true,
  fallback: <LoadingBlock label="Loading protection" className="h-6 w-64 rounded bg-slate-100 motion-safe:animate-pulse" />,
});

/**
 * One user: the chat service's record, the dashboard's moderation history of them, and the
 * actions the signed-in role may take. Admin-only actions are not rendered for moderators (the
 * API refuses them anyway).
 */
export function UserDetails({ uid, isAdmin }: { uid: string; isAdmin: boolean }) {
  const query = useQuery({ ...userDetailOptions(uid), refetchInterval: pollUntilRecovered(false) });
  if (query.isPending) return <UserDetailsSkeleton />;
  if (query.isError) {
    // The segment's not-found page, as when the server found no such user.
    if (query.error instanceof ApiClientError && query.error.status === 404) notFound();
    return <ErrorState title={`The user ${uid} could not be loaded.`} error={query.error} onRetry={() => query.refetch()} />;
  }
  const user = query.data.data;
  return (
    <div className="space-y-6">
      <DeactivatedBanner uid={uid} deactivated={query.data.deactivated} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UserProfile user={user} />
        <UserAttributes user={user} />
      </div>
      <ModerationContext uid={uid} />
      <StrikeLedger uid={uid} />
      <section aria-labelledby="user-actions" className="space-y-3">
        <h2 id="user-actions" className="text-lg font-semibold">
          Actions
        </h2>
        {!query.data.deactivated && <UserProtection uid={uid} />}
        <AccountAction user={user} deactivated={query.data.deactivated} isAdmin={isAdmin} />
        {isAdmin && (
          <div className="grid gap-4 lg:grid-cols-2">
            <AddFriendsForm user={user} />
            <UpdateAuthTokenForm user={user} />
          </div>
        )}
      </section>
    </div>
  );
}

/** Deactivate an active user (moderators and admins), or reactivate a deactivated one (admins). */
function AccountAction({ user, deactivated, isAdmin }: { user: ChatUser; deactivated: boolean; isAdmin: boolean }) {
  if (!deactivated) return <DeactivateUserButton user={user} isAdmin={isAdmin} />;
  if (isAdmin) return <ReactivateUserButton user={user} />;
  return <p className="text-sm text-slate-600">This user is deactivated. Only an admin can reactivate them.</p>;
}
