"use client";
import { formatAbsolute } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";
import { useAddNote, useBulkReview, useDeactivateSenders, usePinMessage, useReviewCommand } from "@/lib/queries/review";
import { describeActionError, describePinError, errorOf } from "@/lib/review/action-errors";
import type { DeactivateSendersResult, QueueItem, ReviewCommand } from "@/lib/review/review-schemas";
import { MAX_BULK_ITEMS } from "@/lib/review/states";
import { applyReviewCommand, type StaffRef } from "@/lib/review/transitions";

/** Who a pin acts as: the app itself, or a user whose permissions then apply. */
export type PinAs = { kind: "app" } | { kind: "sender" } | { kind: "receiver" } | { kind: "uid"; uid: string };

const from = (item: QueueItem) => `the message from ${item.sender.name}`;

const commandWords: Record<ReviewCommand, { doing: string; done: (item: QueueItem) => string }> = {
  claim: { doing: "Claiming", done: (item) => `You claimed ${from(item)}.` },
  unclaim: { doing: "Unclaiming", done: (item) => `Unclaimed ${from(item)}.` },
  resolve: { doing: "Resolving", done: (item) => `Resolved ${from(item)}.` },
  dismiss: { doing: "Dismissing", done: (item) => `Dismissed ${from(item)}.` },
  reopen: { doing: "Reopening", done: (item) => `Reopened ${from(item)}.` },
};

/** Whose name a pinnedBy UID stands for, as far as the item tells. */
export function pinnerName(item: QueueItem, pinnedBy: string): string {
  if (pinnedBy === "app_system") return "the app";
  if (pinnedBy === item.sender.uid) return `${item.sender.name} (sender)`;
  if (pinnedBy === item.receiver.uid) return `${item.receiver.name} (receiver)`;
  return pinnedBy;
}

/**
 * Every queue action with its feedback: refused at once when the item's state does not allow it,
 * otherwise sent (optimistically where the hook allows), then a toast saying what happened, or
 * what failed in words. Decisions offer Undo.
 */
export function useQueueActions(me: StaffRef) {
  const toast = useToast();
  const command = useReviewCommand(me);
  const note = useAddNote(me);
  const bulk = useBulkReview(me);
  const pin = usePinMessage();
  const deactivate = useDeactivateSenders();

  /** Returns false when the item's state refuses the command (nothing is sent). */
  function run(item: QueueItem, action: ReviewCommand, text?: string): boolean {
    const words = commandWords[action];
    const check = applyReviewCommand(item, action, me, 0);
    if (!check.ok) {
      toast({ tone: "error", message: check.reason });
      return false;
    }
    command.mutate(
      { id: item.id, action, note: text },
      {
        onSuccess: () =>
          toast({
            tone: "success",
            message: words.done(item) + (text ? " Your note was saved with it." : ""),
            action: action === "resolve" || action === "dismiss" ? { label: "Undo", run: () => run({ ...item, state: action === "resolve" ? "resolved" : "dismissed" }, "reopen") } : undefined,
          }),
        onError: (error) => toast({ tone: "error", message: describeActionError(words.doing, errorOf(error)) }),
      },
    );
    return true;
  }

  return {
    run,
    addNote(item: QueueItem, body: string, onDone: () => void) {
      note.mutate(
        { id: item.id, body },
        {
          onSuccess: () => {
            onDone();
            toast({ tone: "success", message: `Note added to ${from(item)}.` });
          },
          onError: (error) => toast({ tone: "error", message: describeActionError("Adding the note", errorOf(error)) }),
        },
      );
    },
    bulkDecide(items: QueueItem[], action: "resolve" | "dismiss", onDone: () => void) {
      if (items.length > MAX_BULK_ITEMS) {
        toast({ tone: "error", message: `One bulk action takes at most ${MAX_BULK_ITEMS} items; ${items.length} are selected.` });
        return;
      }
      const verb = action === "resolve" ? "Resolved" : "Dismissed";
      bulk.mutate(
        { action, ids: items.map((i) => i.id) },
        {
          onSuccess: ({ data }) => {
            onDone();
            const skipped = data.skipped.length ? ` ${data.skipped.length} skipped: ${[...new Set(data.skipped.map((s) => s.reason))].join(" ")}` : "";
            toast({ tone: data.updated.length ? "success" : "error", message: `${verb} ${data.updated.length} of ${items.length} items.${skipped}` });
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
      const target =
        as.kind === "sender"
          ? { uid: item.sender.uid, label: item.sender.name, role: item.sender.role }
          : as.kind === "receiver"
            ? { uid: item.receiver.uid, label: item.receiver.name, role: item.receiver.role }
            : as.kind === "uid"
              ? { uid: as.uid, label: `the user ${as.uid}`, role: undefined }
              : null;
      pin.mutate(
        { id: item.id, onBehalfOf: target?.uid },
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
    deactivateSenders(items: QueueItem[], callbacks: { onSuccess: (result: DeactivateSendersResult) => void; onSettled: () => void }) {
      deactivate.mutate(
        items.map((i) => i.id),
        {
          onSuccess: ({ data }) => {
            callbacks.onSuccess(data);
            const names = new Map(items.map((i) => [i.sender.uid, i.sender.name]));
            const label = (uid: string) => `${names.get(uid) ?? uid} (${uid})`;
            const done = data.deactivatedUids.length ? `Deactivated ${data.deactivatedUids.map(label).join(", ")}.` : "Nobody was deactivated.";
            const missed = data.notDeactivated.length ? ` Not deactivated: ${data.notDeactivated.map(label).join(", ")}.` : "";
            toast({ tone: data.notDeactivated.length ? "error" : "success", message: done + missed });
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
