import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { UserDetails } from "@/components/users/user-details";
import { UserNotFound } from "@/components/users/user-not-found";
import { uidSchema } from "@/lib/api/params";
import { requirePageSession } from "@/lib/auth/page-session";
import { ChatServiceError } from "@/lib/chat/errors";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { getUser } from "@/lib/moderation/get-user";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { strikeLedgerOptions } from "@/lib/queries/strikes";
import { userContextOptions, userDetailOptions } from "@/lib/queries/users";
import { isCrossSiteRequest } from "@/lib/security/fetch-metadata";
import { recordUserView } from "@/lib/users/recent-users";
import { uidFromParam } from "@/lib/users/uid-param";
import { canonicalUid, userHref } from "@/lib/users/user-href";
import { loadUserContext } from "@/lib/users/user-context";
import { readStrikeLedger } from "@/lib/strikes/server/strike-ledger";

type Props = { params: Promise<{ uid: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `User ${uidFromParam((await params).uid)}` };
}

export default async function UserPage({ params }: Props) {
  const me = await requirePageSession();
  const uid = uidFromParam((await params).uid);
  // No user can have a UID the API refuses (a `/`, `?`, control characters…): said so without asking the service.
  if (!uidSchema.safeParse(uid).success) return <UserNotFound uid={uid} />;
  // One user, one page: the service keeps UIDs in lower case.
  if (uid !== canonicalUid(uid)) redirect(userHref(uid));
  const queryClient = makeQueryClient();
  const database = await db();
  // Retries are the chat client's business (it retries reads on faults); a 404 must not be asked again.
  const user = await queryClient
    .fetchQuery({ ...userDetailOptions(uid), queryFn: () => getUser(uid), retry: false })
    .catch((error: unknown) => {
      if (error instanceof ChatServiceError && error.status === 404) notFound();
      // Any other failure is left to the browser's query, which shows it with Retry.
      return undefined;
    });
  // A link on another site opens the page but does not put the user on the staff member's recent list.
  const ownNavigation = !isCrossSiteRequest(await headers(), new URL(env().appUrl).origin);
  await Promise.all([
    queryClient.prefetchQuery({ ...userContextOptions(uid), queryFn: async () => ({ data: await loadUserContext(database, uid) }) }),
    queryClient.prefetchQuery({ ...strikeLedgerOptions(uid), queryFn: async () => ({ data: await readStrikeLedger(database, uid) }) }),
    user && ownNavigation && recordUserView(database, me.id, uid, user.data.name),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UserDetails uid={uid} isAdmin={me.role === "admin"} />
    </HydrationBoundary>
  );
}
