import { GoToUser } from "@/components/layout/go-to-user";
import { AppLink } from "@/components/ui/app-link";

/** The chat service does not know this UID: said plainly, with a way to try another. */
export function UserNotFound({ uid }: { uid: string }) {
  return (
    <section aria-labelledby="user-not-found" className="mx-auto max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="user-not-found" className="text-xl font-semibold break-all">
        No user with UID {uid}
      </h1>
      <p className="text-sm text-slate-600">The chat service does not know this UID. Check it for typos, or look for another user.</p>
      <GoToUser variant="page" />
      <AppLink href="/users" className="inline-block text-sm text-indigo-700 underline">
        Back to users
      </AppLink>
    </section>
  );
}
