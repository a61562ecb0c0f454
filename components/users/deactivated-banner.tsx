"use client";
import { useQuery } from "@tanstack/react-query";
import { TimeAgo, formatAbsolute } from "@/components/ui/time-ago";
import { userContextOptions } from "@/lib/queries/users";

/** Shown when the dashboard deactivated this user: when, and by which staff member. */
export function DeactivatedBanner({ uid }: { uid: string }) {
  const { data } = useQuery(userContextOptions(uid));
  const deactivation = data?.data.deactivation;
  if (!deactivation) return null;
  const by = deactivation.byName ?? deactivation.byEmail;
  return (
    <div role="note" aria-label="Deactivated" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="text-base font-semibold">Deactivated</p>
      <p className="mt-1">
        Deactivated through the dashboard on {formatAbsolute(deactivation.at)} (<TimeAgo seconds={deactivation.at} />)
        {by ? (
          <>
            {" "}
            by {by}
            {deactivation.byName && deactivation.byEmail ? ` (${deactivation.byEmail})` : ""}
          </>
        ) : (
          " by a staff account that no longer exists"
        )}
        . Their access is suspended; their account data is kept.
      </p>
    </div>
  );
}
