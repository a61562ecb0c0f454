"use client";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { userHref } from "@/lib/users/user-href";
import { recentUsersOptions } from "@/lib/queries/users";
import { RecentUsersSkeleton } from "./recent-users-skeleton";

/** The users this staff member opened lately, newest first, for a quick way back. */
export function RecentUsers() {
  const query = useQuery(recentUsersOptions());
  return (
    <section aria-labelledby="recent-users" className="space-y-3">
      <h2 id="recent-users" className="text-lg font-semibold">
        Recently viewed
      </h2>
      {query.isPending ? (
        <RecentUsersSkeleton />
      ) : query.isError ? (
        <ErrorState title="Your recently viewed users could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          You have not opened any user yet. Users you open appear here, newest first.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {query.data.data.map((user) => (
            <li key={user.uid}>
              <AppLink href={userHref(user.uid)} className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-2.5 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{user.name ?? user.uid}</span>{" "}
                  <code className="text-xs break-all text-slate-600">{user.uid}</code>
                </span>
                <span className="text-xs text-slate-600">
                  viewed <TimeAgo seconds={user.viewedAt} />
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
