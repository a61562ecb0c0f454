import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { createLoader, parseAsString } from "nuqs/server";
import { GoToUser } from "@/components/layout/go-to-user";
import { AppLink } from "@/components/ui/app-link";
import { RecentUsers } from "@/components/users/recent-users";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { recentUsersOptions } from "@/lib/queries/users";
import { listRecentUsers } from "@/lib/users/recent-users";
import { userPageFor } from "@/lib/users/user-page-for";

export const metadata: Metadata = { title: "Users" };

/** The Go to user box's UID. */
const loadUsersParams = createLoader({ uid: parseAsString });

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const me = await requirePageSession();
  // Every Go to user box is a form sent here: a UID leads to its page, one no user can have is explained below.
  const { uid } = loadUsersParams(await searchParams);
  const target = uid === null ? undefined : userPageFor(uid);
  if (target?.href) redirect(target.href);
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({ ...recentUsersOptions(), queryFn: async () => listRecentUsers(await db(), me.id) });
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold">Users</h1>
        <AppLink href="/users/deactivate" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Deactivate many users
        </AppLink>
      </div>
      <section aria-labelledby="find-user" className="max-w-xl space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="find-user" className="text-lg font-semibold">
          Go to a user
        </h2>
        <p className="text-sm text-slate-600">Enter a UID exactly as the chat service knows it.</p>
        <GoToUser variant="page" value={uid ?? undefined} problem={target?.problem} />
      </section>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <RecentUsers />
      </HydrationBoundary>
    </div>
  );
}
