"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { TimeAgo } from "@/components/ui/time-ago";
import { GroupName } from "@/components/queue/group-name";
import { MessageBody } from "@/components/queue/message-body";
import { PersonSummary } from "@/components/queue/person-summary";
import { QueueItemAge } from "@/components/queue/queue-item-age";
import type { BlindSample } from "@/lib/quality/model/quality-schemas";
import { myPreferencesOptions } from "@/lib/queries/preferences";
import { STRONGEST_SHIELD } from "@/lib/wellbeing/model/effective-preferences";
import { personOf } from "@/lib/review/model/denormalize";

const heading = "text-xs font-semibold tracking-wide text-slate-600 uppercase";


/**
 * A sampled message as a second reviewer sees it: what was sent, by whom, where, and every flag,
 * never its state, decision, policy or who worked on it (the API sends none of them). Its media
 * stays behind the reviewer's own shield, as in the queue, with the queue's m key.
 */
export function BlindItem({ sample, labelledBy }: { sample: BlindSample; labelledBy?: string }) {
  const { item, people, reasons } = sample;
  // Until the reviewer's own preferences are in (or if they fail), media is hidden at its strongest.
  const shield = useQuery(myPreferencesOptions()).data?.data.effective ?? STRONGEST_SHIELD;
  const [revealed, setRevealed] = useState(false);
  const sender = personOf(people, item.senderUid);
  const toggleMedia = () => setRevealed((shown) => !shown);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "m" || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    toggleMedia();
  }

  return (
    // The m key acts on the item holding focus (its links, its Show media button), as on the queue's highlighted row.
    <article aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : `Message from ${sender.name}`} onKeyDown={onKeyDown} className="min-w-0 space-y-4 text-sm">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PersonSummary caption="Sender" person={sender} />
        {item.group ? <GroupName caption="Sent to the group" group={item.group} /> : <PersonSummary caption="Direct message to" person={personOf(people, item.receiverUid)} />}
      </div>

      <div className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
        {(item.text || item.content.kind === "text") && (
          <p className="break-words whitespace-pre-wrap text-slate-900">{item.text || <em className="text-slate-500">(empty text message)</em>}</p>
        )}
        <MessageBody messageId={item.id} content={item.content} senderName={sender.name} media={{ shield, revealed, onToggle: toggleMedia }} />
        <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
          <span>
            Sent <TimeAgo seconds={item.sentAt} short />
          </span>
          <span aria-hidden="true">·</span>
          <QueueItemAge item={item} />
        </p>
      </div>

      <section aria-label={`Flags (${item.flags.length})`} className="space-y-2">
        <h4 className={heading}>
          Flagged {item.flaggedCount} {item.flaggedCount === 1 ? "time" : "times"}
        </h4>
        <ol className="space-y-2">
          {item.flags.map((flag) => {
            const reason = reasons[flag.reasonId];
            return (
              <li key={flag.uid} className="rounded-md border border-slate-200 bg-white p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <PersonSummary person={personOf(people, flag.uid)} />
                  <TimeAgo seconds={flag.flaggedAt} />
                </div>
                <p className="mt-2">
                  <span className="font-semibold">{reason?.name ?? flag.reasonId}</span>
                  {reason?.description && <span className="text-slate-600"> — {reason.description}</span>}
                </p>
                {flag.remark && <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 break-words whitespace-pre-wrap text-slate-800">{flag.remark}</blockquote>}
              </li>
            );
          })}
        </ol>
      </section>
    </article>
  );
}
