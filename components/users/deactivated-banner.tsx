"use client";
import { useQuery } from "@tanstack/react-query";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";
import { userContextOptions } from "@/lib/queries/users";

/**
 * Shown when the chat service lists the user as deactivated (it answers 404 for them, and lists
 * them among deactivated users), or the dashboard deactivated them: when, and by which staff member.
 */
export function DeactivatedBanner({ uid, deactivated }: { uid: string; deactivated: boolean }) {
  const { data } = useQuery(userContextOptions(uid));
  const deactivation = data?.data.deactivation;
  if (!deactivation && !deactivated) return null;
  const by = deactivation && (deactivation.byName ?? deactivation.byEmail);
  return (
    <div role="note" aria-label="Deactivated" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="text-base font-semibold">Deactivated</p>
      <p className="mt-1">
        {deactivation ? (
          <>
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
            .
          </>
        ) : (
          <>The chat service lists this user as deactivated (not through this dashboard, or before it kept a record).</>
        )}{" "}
        Their access is suspended; their account data is kept.
      </p>
    </div>
  );
}
