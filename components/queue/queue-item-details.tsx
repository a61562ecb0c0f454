"use client";
import { useId, useState, type FormEvent } from "react";
import { reviewStateLabel } from "@/components/review/review-state-badge";
import { StaffName } from "@/components/ui/staff-name";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";
import { fitsInHeader } from "@/lib/chat/header-value";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";
import type { QueueView } from "@/lib/review/model/queue-view";
import type { QueueItem, ReviewCommand } from "@/lib/review/model/review-schemas";
import { heldByOther } from "@/lib/review/model/transitions";
import { waitsForAdmin } from "@/lib/review/model/waits-for-admin";
import { ConversationContext } from "./conversation-context";
import { FlagReporter } from "./flag-reporter";
import { DecisionPolicyField } from "./decision-policy-field";
import { GroupName } from "./group-name";
import { PersonSummary } from "./person-summary";
import { PriorityBreakdown } from "./priority-breakdown";
import { rowButton } from "./queue-styles";
import { SenderStrikes } from "./sender-strikes";
import { TakeoverNotice } from "./takeover-notice";
import { WriteBackSummary } from "./write-back-summary";
import { pinnerName, type PinAs, type QueueActions } from "./use-queue-actions";

const heading = "text-xs font-semibold tracking-wide text-slate-600 uppercase";
const linkButton = "text-xs font-medium text-indigo-700 underline";

type DetailsProps = {
  item: QueueItem;
  meId: string;
  actions: QueueActions;
  onDeactivate: (item: QueueItem) => void;
  onPin: (item: QueueItem, as: PinAs) => void;
  onFilter: (patch: Partial<QueueView>) => void;
  /** Closes the details: a colleague's item the moderator leaves to them. */
  onClose: () => void;
};

/** Everything about one flagged message, and every action on it. */
export function QueueItemDetails({ item, meId, actions, onDeactivate, onPin, onFilter, onClose }: DetailsProps) {
  const [note, setNote] = useState("");
  const noteId = useId();
  const decided = item.state !== "open";
  const typedNote = note.trim() || undefined;
  const withNote = (action: ReviewCommand) => actions.run(item, action, { note: typedNote, onSent: () => setNote("") });
  const holder = heldByOther(item, actions.me);
  const escalated = item.escalation !== null;
  // A moderator's actions on an escalated item are refused by the server; disabled here, described by the summary's words.
  const waiting = escalated && !actions.me.admin;
  const waitId = `${noteId}-waits`;
  const waitDescribedBy = waiting ? waitId : undefined;

  return (
    <div className="mt-1 space-y-5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:p-4">
      {holder && <TakeoverNotice holder={holder} onTakeOver={() => actions.takeOver(item)} onLeave={onClose} />}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs">
        <dt className="text-slate-500">Type</dt>
        <dd>
          {item.type} · {item.category}
        </dd>
        <dt className="text-slate-500">Sent</dt>
        <dd>
          {formatAbsolute(item.sentAt)} (<TimeAgo seconds={item.sentAt} />)
        </dd>
        <dt className="text-slate-500">Conversation</dt>
        <dd className="flex flex-wrap items-center gap-x-2">
          <span className="font-mono break-all">{item.conversationId}</span>
          <button type="button" className={linkButton} onClick={() => onFilter({ conversation: item.conversationId })}>
            Only this conversation
          </button>
        </dd>
        <dt className="text-slate-500">Message id</dt>
        <dd className="font-mono break-all">{item.id}</dd>
      </dl>

      <ConversationContext item={item} />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <PersonSummary caption="Sender" person={item.sender} />
          <button type="button" className={`${linkButton} ml-11`} onClick={() => onFilter({ sender: item.sender.uid })}>
            Only this sender
          </button>
          <SenderStrikes uid={item.sender.uid} deactivated={item.sender.deactivated} onDeactivate={() => onDeactivate(item)} />
        </div>
        {item.group ? <GroupName caption="Sent to the group" group={item.group} /> : <PersonSummary caption="Receiver" person={item.receiver} />}
      </div>

      {item.state === "open" && item.priorityDetail && <PriorityBreakdown breakdown={item.priorityDetail} heading={heading} />}

      <section aria-label={`Flags (${item.flags.length})`} className="space-y-2">
        <h4 className={heading}>
          Flagged {item.flaggedCount} {item.flaggedCount === 1 ? "time" : "times"}
        </h4>
        <ol className="space-y-3">
          {item.flags.map((flag) => (
            <li key={flag.uid} className="rounded-md border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <PersonSummary person={flag} />
                <TimeAgo seconds={flag.flaggedAt} />
              </div>
              <FlagReporter flag={flag} admin={actions.me.admin} />
              <p className="mt-2">
                <span className="font-semibold">{flag.reasonName}</span>
                {flag.description && <span className="text-slate-600"> — {flag.description}</span>}
              </p>
              {flag.remark && <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 break-words whitespace-pre-wrap text-slate-800">{flag.remark}</blockquote>}
              <button type="button" className={`${linkButton} mt-1`} onClick={() => onFilter({ flagger: flag.uid })}>
                Only flags by {flag.name}
              </button>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Notes" className="space-y-2">
        <h4 className={heading}>Notes</h4>
        {item.notes.length === 0 ? (
          <p className="text-slate-600">No notes yet.</p>
        ) : (
          <ol className="space-y-2">
            {item.notes.map((n) => (
              <li key={n.id} className="rounded-md border border-slate-200 bg-white p-2">
                <p className="text-xs text-slate-600">
                  <span className="font-medium text-slate-900">
                    <StaffName id={n.authorId} name={n.authorName} />
                  </span>{" "}
                  · {n.id < 0 ? "saving…" : <TimeAgo seconds={n.createdAt} />}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{n.body}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (typedNote) actions.addNote(item, typedNote, () => setNote(""));
          }}
          className="space-y-2"
        >
          <label htmlFor={noteId} className="block text-xs font-medium text-slate-700">
            Note for the thread{decided ? "" : ", or to go with a decision"}
          </label>
          <textarea
            id={noteId}
            data-note-input={item.id}
            value={note}
            maxLength={2000}
            rows={2}
            onChange={(event) => setNote(event.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={!typedNote || actions.notePending} className={rowButton}>
              Add note
            </button>
            {!decided && (
              <>
                {(["resolve", "dismiss"] as const).map((decision) => (
                  <button
                    key={decision}
                    type="button"
                    disabled={!typedNote || waiting}
                    aria-describedby={waitDescribedBy}
                    className={rowButton}
                    title={DECISION_EFFECTS[decision]}
                    onClick={() => withNote(decision)}
                  >
                    {decision === "resolve" ? "Resolve" : "Dismiss"} with note
                  </button>
                ))}
                {escalated ? (
                  actions.me.admin && (
                    <button type="button" disabled={!typedNote} className={rowButton} onClick={() => withNote("deescalate")}>
                      De-escalate with note
                    </button>
                  )
                ) : (
                  <button type="button" disabled={!typedNote} className={rowButton} onClick={() => withNote("escalate")}>
                    Escalate to admins with note
                  </button>
                )}
              </>
            )}
          </div>
        </form>
      </section>

      <section aria-label="Actions" className="space-y-3">
        <h4 className={heading}>Actions</h4>
        <ReviewSummary item={item} meId={meId} />
        {!decided && <DecisionPolicyField item={item} policies={actions.policies} disabled={waiting} />}
        {item.writeBack && <WriteBackSummary writeBack={item.writeBack} />}
        {item.escalation && <EscalationSummary item={item} admin={actions.me.admin} waitId={waitId} />}
        <button
          type="button"
          className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50"
          disabled={item.sender.deactivated || actions.deactivatePending || waiting}
          aria-describedby={waitDescribedBy}
          onClick={() => onDeactivate(item)}
        >
          {item.sender.deactivated ? "Sender is deactivated" : "Deactivate sender…"}
        </button>
        {item.pinnedBy ? (
          <p className="text-indigo-900">
            Pinned by {pinnerName(item, item.pinnedBy)}
            {item.pinnedAt !== null && (
              <>
                {" "}
                <TimeAgo seconds={item.pinnedAt} /> ({formatAbsolute(item.pinnedAt)})
              </>
            )}
            .
          </p>
        ) : (
          <PinForm item={item} pending={actions.pinPending === item.id} onPin={onPin} asUsers={actions.me.pinAsUsers === true} waitId={waitDescribedBy} />
        )}
      </section>
    </div>
  );
}

function ReviewSummary({ item, meId }: { item: QueueItem; meId: string }) {
  const claim = item.assignee ? (
    item.assignee.id === meId ? (
      "Claimed by you."
    ) : (
      <>
        Claimed by <StaffName id={item.assignee.id} name={item.assignee.name} />.
      </>
    )
  ) : (
    "Not claimed."
  );
  return (
    <p className="text-slate-700">
      {reviewStateLabel(item.state)}
      {item.reopened && " again: a new flag arrived after it was decided"}
      {item.decidedBy && item.decidedAt !== null && (
        <>
          {item.state === "open" ? " (last decided by " : " by "}
          <StaffName id={item.decidedBy.id} name={item.decidedBy.name} /> <TimeAgo seconds={item.decidedAt} />
          {item.state === "open" ? ")" : ""}
        </>
      )}
      . {claim}
      {item.actionTaken === "sender_deactivated" && " The sender was deactivated from this item."}
    </p>
  );
}

function EscalationSummary({ item, admin, waitId }: { item: QueueItem; admin: boolean; waitId: string }) {
  const escalation = item.escalation;
  if (!escalation) return null;
  return (
    <div className="rounded-md border border-orange-200 bg-orange-50 p-2 text-orange-950">
      <p>
        Escalated to admins
        {escalation.by && (
          <>
            {" "}
            by <StaffName id={escalation.by.id} name={escalation.by.name} />
          </>
        )}{" "}
        <TimeAgo seconds={escalation.at} />:
      </p>
      <blockquote className="mt-1 border-l-2 border-orange-300 pl-2 break-words whitespace-pre-wrap">{escalation.note}</blockquote>
      {admin ? (
        <p className="mt-1 text-xs">
          {item.state !== "open" ? "An admin decided it." : "Decide it, or de-escalate it to hand it back to moderators, with a note saying why."}
        </p>
      ) : (
        <p id={waitId} className="mt-1 text-xs">
          {item.state !== "open" && "An admin decided it. "}
          {waitsForAdmin(escalation.by?.name)}
        </p>
      )}
    </div>
  );
}

/**
 * `asUsers`: the signed-in role may pin on behalf of a user; otherwise only "as the app" is offered
 * (the API refuses the rest). `waitId`: set when the item waits for an admin, naming the text that
 * says so; the form is then disabled.
 */
function PinForm({
  item,
  pending,
  onPin,
  asUsers,
  waitId,
}: {
  item: QueueItem;
  pending: boolean;
  onPin: (item: QueueItem, as: PinAs) => void;
  asUsers: boolean;
  waitId?: string;
}) {
  const name = useId();
  const uidId = useId();
  const [kind, setKind] = useState<PinAs["kind"]>("app");
  const [uid, setUid] = useState("");
  const [error, setError] = useState<string>();
  // The user to pin as goes in an HTTP header: a UID that cannot travel in one is not offered.
  const options: { kind: PinAs["kind"]; label: string }[] = [
    { kind: "app", label: "The app" },
    ...(asUsers
      ? [
          ...(fitsInHeader(item.sender.uid) ? [{ kind: "sender", label: `The sender, ${item.sender.name}` } as const] : []),
          ...(fitsInHeader(item.receiver.uid) ? [{ kind: "receiver", label: `The receiver, ${item.receiver.name}` } as const] : []),
          { kind: "uid", label: "Another user" } as const,
        ]
      : []),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === "uid" && !uid.trim()) {
      setError("Type the UID of the user to pin as.");
      return;
    }
    if (kind === "uid" && !fitsInHeader(uid.trim())) {
      setError("The chat service is told who pins in an HTTP header, which cannot carry this UID: pin as the app instead.");
      return;
    }
    setError(undefined);
    onPin(item, kind === "uid" ? { kind, uid: uid.trim() } : { kind });
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <fieldset className="space-y-1" disabled={waitId !== undefined} aria-describedby={waitId}>
        <legend className="text-xs font-medium text-slate-700">Pin this message as</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {options.map((option) => (
            <label key={option.kind} className="inline-flex items-center gap-1.5">
              <input type="radio" name={name} value={option.kind} checked={kind === option.kind} onChange={() => setKind(option.kind)} className="accent-indigo-700" />
              {option.label}
            </label>
          ))}
        </div>
        {kind === "uid" && (
          <div>
            <label htmlFor={uidId} className="block text-xs font-medium text-slate-700">
              UID to pin as
            </label>
            <input
              id={uidId}
              value={uid}
              maxLength={100}
              onChange={(event) => setUid(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uidId}-error` : undefined}
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm"
            />
          </div>
        )}
        {error && (
          <p id={`${uidId}-error`} className="text-xs text-red-800">
            {error}
          </p>
        )}
      </fieldset>
      <button type="submit" disabled={pending || waitId !== undefined} aria-describedby={waitId} className={rowButton}>
        {pending ? "Pinning…" : "Pin message"}
      </button>
    </form>
  );
}
