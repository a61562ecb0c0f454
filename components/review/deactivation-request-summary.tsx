"use client";
import { AppLink } from "@/components/ui/app-link";
import { TimeAgo } from "@/components/ui/time-ago";
import type { DeactivationRequest } from "@/lib/protection/model/protection-schemas";
import { userHref } from "@/lib/users/user-href";

/** Who is to be deactivated, who asked and when, under which policy and why: the words every list of requests shares. */
export function DeactivationRequestSummary({ request, linkUser = true }: { request: DeactivationRequest; linkUser?: boolean }) {
  const name = request.name || request.uid;
  return (
    <div className="min-w-0 text-sm">
      <p>
        {linkUser ? (
          <AppLink href={userHref(request.uid)} className="font-medium text-indigo-700 underline">
            {name}
          </AppLink>
        ) : (
          <span className="font-medium">{name}</span>
        )}{" "}
        <span className="font-mono text-xs break-all text-slate-600">({request.uid})</span>
      </p>
      <p className="text-slate-600">
        Asked by {request.requestedBy.name} ({request.requestedBy.role}) <TimeAgo seconds={request.requestedAt} />
        {request.policy && <> under {request.policy.name}</>}.
      </p>
      {request.note && <p className="break-words text-slate-700">“{request.note}”</p>}
    </div>
  );
}
