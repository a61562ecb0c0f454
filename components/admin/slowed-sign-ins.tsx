"use client";
import { useQuery } from "@tanstack/react-query";
import { signInDelaysOptions } from "@/lib/queries/staff";
import { useUnlockSignIn } from "@/lib/queries/staff-mutations";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";

/**
 * Staff whose password sign-ins are being slowed after failed attempts (someone guessing, or a
 * forgotten password), with a way to end the delay. Shown on the staff page only when there are any.
 */
export function SlowedSignIns() {
  const query = useQuery({ ...signInDelaysOptions(), refetchInterval: 30_000 });
  const unlock = useUnlockSignIn();
  const toast = useToast();

  if (query.isPending) return <div aria-busy="true" aria-label="Loading slowed sign-ins" className="h-12 animate-pulse rounded-lg bg-slate-100" />;
  if (query.isError) return <ErrorState title="The accounts with slowed sign-ins could not be loaded." error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.data.length === 0) return null;

  return (
    <section aria-labelledby="slowed-heading" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="slowed-heading" className="text-lg font-semibold">
        Slowed sign-ins
      </h2>
      <p className="text-sm text-slate-700">
        After several wrong passwords, each further attempt for the account must wait longer (up to a minute). A correct password ends the delay; so does
        unlocking here.
      </p>
      <ul className="divide-y divide-amber-200">
        {query.data.data.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{member.email}</span>: {member.failures} failed {member.failures === 1 ? "attempt" : "attempts"}, the last{" "}
              <TimeAgo seconds={member.lastFailureAt} />
            </span>
            <button
              type="button"
              disabled={unlock.isPending && unlock.variables === member.id}
              onClick={() =>
                unlock.mutate(member.id, {
                  onSuccess: () => toast({ tone: "success", message: `Sign-in delay ended for ${member.email}.` }),
                  onError: (error) => toast({ tone: "error", message: error.message }),
                })
              }
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-50 disabled:opacity-60"
            >
              Unlock<span className="sr-only"> {member.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
