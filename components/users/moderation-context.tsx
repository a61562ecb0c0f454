"use client";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { userHref } from "@/lib/users/user-href";
import { userContextOptions } from "@/lib/queries/users";
import { REVIEW_STATES } from "@/lib/review/model/states";
import type { RaisedFlag, SentFlaggedMessage } from "@/lib/users/user-schemas";
import { ModerationContextSkeleton } from "./moderation-context-skeleton";
import { ReviewStateBadge, reviewStateLabel } from "@/components/review/review-state-badge";

/** What the dashboard's review queue knows about this user, as sender and as flagger. */
export function ModerationContext({ uid }: { uid: string }) {
  const query = useQuery(userContextOptions(uid));
  if (query.isPending) return <ModerationContextSkeleton />;
  if (query.isError) return <ErrorState title="The moderation history could not be loaded." error={query.error} onRetry={() => query.refetch()} />;
  const { sent, raised, limit } = query.data.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ContextSection
        id="flagged-sent"
        title={`Flagged messages they sent (${sent.total})`}
        summary={REVIEW_STATES.map((s) => `${sent.byState[s]} ${reviewStateLabel(s).toLowerCase()}`).join(" · ")}
        shown={sent.items.length}
        total={sent.total}
        limit={limit}
        empty="None of this user's messages has reached the review queue."
      >
        {sent.items.map((item) => (
          <SentItem key={item.id} item={item} />
        ))}
      </ContextSection>
      <ContextSection
        id="flags-raised"
        title={`Flags they raised (${raised.total})`}
        shown={raised.items.length}
        total={raised.total}
        limit={limit}
        empty="This user has not flagged any message that reached the review queue."
      >
        {raised.items.map((item) => (
          <RaisedItem key={`${item.messageId}-${item.flaggedAt}-${item.reasonName}`} item={item} />
        ))}
      </ContextSection>
    </div>
  );
}

function ContextSection(props: { id: string; title: string; summary?: string; shown: number; total: number; limit: number; empty: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.summary && props.total > 0 && <p className="text-sm text-slate-600">{props.summary}</p>}
      {props.total === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{props.empty}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">{props.children}</ul>
          {props.total > props.shown && <p className="mt-2 text-xs text-slate-500">Showing the newest {props.limit} of {props.total}.</p>}
        </>
      )}
    </section>
  );
}

function SentItem({ item }: { item: SentFlaggedMessage }) {
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewStateBadge state={item.state} reopened={item.reopened} />
        <span className="text-slate-600">
          flagged {item.flaggedCount} {item.flaggedCount === 1 ? "time" : "times"}, last <TimeAgo seconds={item.lastFlaggedAt} />
        </span>
        {item.actionTaken !== "none" && <span className="text-xs text-slate-600">({item.actionTaken === "pinned" ? "pinned" : "sender deactivated"})</span>}
      </div>
      <p className="break-words whitespace-pre-wrap">{item.text || <span className="text-slate-500">(no text)</span>}</p>
      <p className="text-xs text-slate-500">
        Message {item.id} to <UserLinkText uid={item.receiverUid} />
      </p>
    </li>
  );
}

function RaisedItem({ item }: { item: RaisedFlag }) {
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{item.reasonName}</span>
        <ReviewStateBadge state={item.state} />
        <span className="text-slate-600">
          <TimeAgo seconds={item.flaggedAt} />
        </span>
      </div>
      {item.remark && <p className="text-slate-700">“{item.remark}”</p>}
      <p className="break-words whitespace-pre-wrap text-slate-600">{item.text || "(no text)"}</p>
      <p className="text-xs text-slate-500">
        Message {item.messageId} by <UserLinkText uid={item.senderUid} />
      </p>
    </li>
  );
}

function UserLinkText({ uid }: { uid: string }) {
  return (
    <AppLink href={userHref(uid)} className="text-indigo-700 underline">
      {uid}
    </AppLink>
  );
}
