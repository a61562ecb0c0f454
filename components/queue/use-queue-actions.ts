"use client";
import { useRef, useState } from "react";
import { formatAbsolute } from "@/lib/format/intl";
import { useToast } from "@/components/ui/toaster";
import { useAddNote, useBulkReview, useDeactivateSenders, usePinMessage, useReviewCommand, useUndoReview } from "@/lib/queries/review";
import { describeActionError, describePinError, errorOf } from "@/lib/review/model/action-errors";
import type { DeactivateSendersResult, QueueItem, ReviewCommand, ReviewFields, UndoTicket } from "@/lib/review/model/review-schemas";
import { MAX_BULK_ITEMS, UNDO_WINDOW_SECONDS } from "@/lib/review/model/states";
import { applyReviewCommand, heldByOther, type ReviewActor, type StaffRef } from "@/lib/review/model/transitions";
import { allDeactivated, describeDeactivation } from "@/lib/users/deactivation-outcome";
import type { DeactivationChoice } from "@/components/review/deactivate-senders-dialog";
import { useDecisionPolicy } from "./use-decision-policy";

/** Who a pin acts as: the app itself, or a user whose permissions then apply. */
export type PinAs = { kind: "app" } | { kind: "sender" } | { kind: "receiver" } | { kind: "uid"; uid: string };

const from = (item: QueueItem) => `the message from ${item.sender.name}`;

/** What a many-item action left alone, in one sentence per distinct reason ("" when nothing). */
const skippedWords = (skipped: { reason: string }[]) => (skipped.length ? ` ${skipped.length} skipped: ${[...new Set(skipped.map((s) => s.reason))].join(" ")}` : "");

const commandWords: Record<ReviewCommand, { doing: string; done: (item: QueueItem) => string }> = {
  claim: { doing: "Claiming", done: (item) => `You claimed ${from(item)}.` },
  unclaim: { doing: "Unclaiming", done: (item) => `Unclaimed ${from(item)}.` },
  resolve: { doing: "Resolving", done: (item) => `Resolved ${from(item)}.` },
  dismiss: { doing: "Dismissing", done: (item) => `Dismissed ${from(item)}.` },
  reopen: { doing: "Reopening", done: (item) => `Reopened ${from(item)}.` },
  escalate: { doing: "Escalating", done: (item) => `Escalated ${from(item)} to the admins.` },
  deescalate: { doing: "De-escalating", done: (item) => `De-escalated ${from(item)}: moderators can act on it again.` },
};

/** The change `z` (or the toast's Undo) takes back, while its window lasts. */
type LastUndo = { ticket: UndoTicket; what: string };

/** An action waiting on the moderator's answer: take the item over from `holder`, or leave it. */
export type TakeoverQuestion = { item: QueueItem; holder: StaffRef; takeOver: () => void };

type SendOptions = {
  note?: string;
  /** The moderator confirmed taking the item over from the colleague holding it. */
  takeover?: boolean;
  /** Called as the command is sent, with the fields it leaves the item in. */
  onSent?: (next: ReviewFields) => void;
  onDone?: () => void;
  /** A resolve the team requires a policy for, with none to preselect: nothing is sent; this opens the picker. */
  onPolicyNeeded?: (item: QueueItem) => void;
};

/** Said when a resolve needs a policy and none could be preselected. */
export const POLICY_NEEDED = "This team requires a policy for every resolve: choose one in the item's details, then resolve.";

/** The user a pin acts on behalf of (null: the app itself), with the words and role its errors name. */
export function pinTarget(item: QueueItem, as: PinAs): { uid: string; label: string; role: string | undefined } | null {
  if (as.kind === "sender") return { uid: item.sender.uid, label: item.sender.name, role: item.sender.role };
  if (as.kind === "receiver") return { uid: item.receiver.uid, label: item.receiver.name, role: item.receiver.role };
  if (as.kind === "uid") return { uid: as.uid, label: `the user ${as.uid}`, role: undefined };
  return null;
}

/** Whose name a pinnedBy UID stands for, as far as the item tells. */
export function pinnerName(item: QueueItem, pinnedBy: string): string {
  if (pinnedBy === "app_system") return "the app";
  if (pinnedBy === item.sender.uid) return `${item.sender.name} (sender)`;
  if (pinnedBy === item.receiver.uid) return `${item.receiver.name} (receiver)`;
  return pinnedBy;
}

/**
 * Every queue action with its feedback: refused at once when the item's state does not allow it,
 * otherwise sent with the version the moderator saw (optimistically where the hook allows), then a
 * toast saying what happened, or what failed in words. Review changes offer Undo for their window.
 * An action on an item a colleague holds waits for the moderator's answer to `question` (see
 * TakeoverDialog): taken over, it goes ahead; left, nothing is sent.
 */
export function useQueueActions(me: ReviewActor) {
  const toast = useToast();
  const command = useReviewCommand(me);
  const note = useAddNote(me);
  const bulk = useBulkReview(me);
  const pin = usePinMessage();
  const deactivate = useDeactivateSenders();
  const undoReview = useUndoReview();
  const policies = useDecisionPolicy();
  const lastUndo = useRef<LastUndo | null>(null);
  const [question, setQuestion] = useState<TakeoverQuestion | null>(null);

  function undo(last: LastUndo) {
    if (lastUndo.current?.ticket.id === last.ticket.id) lastUndo.current = null;
    undoReview.mutate(last.ticket.id, {
      onSuccess: () => toast({ tone: "success", message: `Undone: ${last.what}` }),
      onError: (error) => toast({ tone: "error", message: describeActionError("Undoing", errorOf(error)) }),
    });
  }

  /** A success toast that offers Undo for as long as the server will take it. */
  function toastWithUndo(message: string, what: string, ticket: UndoTicket | undefined) {
    const last = ticket ? { ticket, what } : null;
    if (last) lastUndo.current = last;
    const leftMs = ticket ? ticket.until * 1000 - Date.now() : 0;
    toast({
      tone: "success",
      message,
      ...(last && leftMs > 0 ? { action: { label: "Undo", run: () => undo(last) }, durationMs: Math.min(leftMs, UNDO_WINDOW_SECONDS * 1000) } : {}),
    });
  }

  /** Sends the command unless the item's state refuses it (said in a toast; nothing is sent). */
  function send(item: QueueItem, action: ReviewCommand, { note: text, takeover = false, onSent, onDone, onPolicyNeeded }: SendOptions) {
    const words = commandWords[action];
    const policy = action === "resolve" ? policies.preselected(item) : undefined;
    const check = applyReviewCommand(item, action, me, 0, text, takeover, policy ?? null);
    if (!check.ok) {
      toast({ tone: "error", message: check.reason });
      return;
    }
    if (action === "resolve" && !policy && policies.required) {
      toast({ tone: "info", message: POLICY_NEEDED });
      onPolicyNeeded?.(item);
      return;
    }
    onSent?.(check.next);
    command.mutate(
      { id: item.id, action, note: text, version: item.version, ...(takeover ? { takeover } : {}), ...(policy ? { policy } : {}) },
      {
        onSuccess: ({ undo: ticket }) => {
          if (policy) policies.remember(policy);
          const done = words.done(item) + (check.takenFrom ? ` You took it over from ${check.takenFrom.name}.` : "");
          toastWithUndo(done + (text ? " Your note was saved with it." : "") + (policy ? ` Policy: ${policy.name}.` : ""), done, ticket);
          onDone?.();
        },
        onError: (error) => toast({ tone: "error", message: describeActionError(words.doing, errorOf(error)) }),
      },
    );
  }

  /** Runs `act` at once on an item nobody else holds; on a colleague's, only once the moderator takes it over. */
  function unlessHeld(item: QueueItem, act: (takeover: boolean) => void) {
    const holder = heldByOther(item, me);
    if (!holder) return act(false);
    setQuestion({
      item,
      holder,
      takeOver: () => {
        setQuestion(null);
        act(true);
      },
    });
  }

  /** Runs `then` on an item that is nobody else's, or once it has been taken over (claimed) from the colleague holding it. */
  function afterTakeover(item: QueueItem, then: () => void) {
    unlessHeld(item, (takeover) => (takeover ? send(item, "claim", { takeover, onDone: then }) : then()));
  }

  function run(item: QueueItem, action: ReviewCommand, options: Omit<SendOptions, "takeover"> = {}) {
    unlessHeld(item, (takeover) => send(item, action, { ...options, takeover }));
  }

  return {
    me,
    /** The policy each resolve is made under (see useDecisionPolicy). */
    policies,
    run,
    afterTakeover,
    /** Takes the item over from the colleague holding it, the moderator having answered the question already. */
    takeOver: (item: QueueItem) => send(item, "claim", { takeover: true }),
    question,
    leave: () => setQuestion(null),
    /** Undoes the moderator's last review change while its window lasts (the `z` key). */
    undoLast() {
      const last = lastUndo.current;
      if (!last || last.ticket.until * 1000 <= Date.now()) {
        toast({ tone: "info", message: `Nothing to undo: a change can be undone for ${UNDO_WINDOW_SECONDS} seconds after it.` });
        return;
      }
      undo(last);
    },
    addNote(item: QueueItem, body: string, onDone: () => void) {
      afterTakeover(item, () =>
        note.mutate(
          { id: item.id, body },
          {
            onSuccess: () => {
              onDone();
              toast({ tone: "success", message: `Note added to ${from(item)}.` });
            },
            onError: (error) => toast({ tone: "error", message: describeActionError("Adding the note", errorOf(error)) }),
          },
        ),
      );
    },
    bulkDecide(items: QueueItem[], action: "resolve" | "dismiss", onDone: () => void) {
      if (items.length > MAX_BULK_ITEMS) {
        toast({ tone: "error", message: `One bulk action takes at most ${MAX_BULK_ITEMS} items; ${items.length} are selected.` });
        return;
      }
      const verb = action === "resolve" ? "Resolved" : "Dismissed";
      const policy = action === "resolve" ? policies.forMany(items) : undefined;
      if (action === "resolve" && !policy && policies.required) {
        toast({ tone: "error", message: POLICY_NEEDED });
        return;
      }
      bulk.mutate(
        { action, ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])), ...(policy ? { policyId: policy.id } : {}) },
        {
          onSuccess: ({ data }) => {
            onDone();
            const message = `${verb} ${data.updated.length} of ${items.length} items.${policy ? ` Policy: ${policy.name}.` : ""}${skippedWords(data.skipped)}`;
            if (data.updated.length) toastWithUndo(message, `${verb.toLowerCase()} ${data.updated.length} items.`, data.undo);
            else toast({ tone: "error", message });
          },
          onError: (error) => toast({ tone: "error", message: describeActionError(`${action === "resolve" ? "Resolving" : "Dismissing"} ${items.length} items`, errorOf(error)) }),
        },
      );
    },
    pin(item: QueueItem, as: PinAs) {
      if (item.pinnedBy) {
        toast({ tone: "info", message: `Already pinned by ${pinnerName(item, item.pinnedBy)}.` });
        return;
      }
      const target = pinTarget(item, as);
      pin.mutate(
        { id: item.id, onBehalfOf: target?.uid, version: item.version },
        {
          onSuccess: ({ data }) => {
            const by = data.pinnedBy ?? "app_system";
            const at = data.pinnedAt === undefined ? "" : ` at ${formatAbsolute(data.pinnedAt)}`;
            toast({ tone: "success", message: `Pinned by ${pinnerName(item, by)}${at}.` });
          },
          onError: (error) => toast({ tone: "error", message: describePinError(errorOf(error), target) }),
        },
      );
    },
    deactivateSenders(items: QueueItem[], choice: DeactivationChoice, callbacks: { onSuccess: (result: DeactivateSendersResult) => void; onSettled: () => void }) {
      deactivate.mutate(
        { ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])), ...choice },
        {
          onSuccess: ({ data }) => {
            callbacks.onSuccess(data);
            const names = new Map(items.map((i) => [i.sender.uid, i.sender.name]));
            const label = (uid: string) => `${names.get(uid) ?? uid} (${uid})`;
            const tone = allDeactivated(data.outcomes) && data.skipped.length === 0 ? "success" : "error";
            toast({ tone, message: describeDeactivation(data.outcomes, label) + skippedWords(data.skipped) });
          },
          onError: (error) => toast({ tone: "error", message: describeActionError("Deactivating", errorOf(error)) }),
          onSettled: callbacks.onSettled,
        },
      );
    },
    pinPending: pin.isPending ? (pin.variables?.id ?? null) : null,
    deactivatePending: deactivate.isPending,
    bulkPending: bulk.isPending,
    notePending: note.isPending,
  };
}

export type QueueActions = ReturnType<typeof useQueueActions>;
