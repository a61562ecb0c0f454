"use client";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toaster";
import type { DeactivationRequest } from "@/lib/protection/model/protection-schemas";
import { useDecideDeactivationRequest, type DecisionAnswer } from "@/lib/queries/protection";
import { describeFailure, errorOf } from "@/lib/review/model/action-errors";

type Decision = "approve" | "refuse" | "cancel";

const button = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50 disabled:opacity-60";

const CONFIRM: Record<Decision, { title: (who: string) => string; label: string; tone: "danger" | "neutral"; body: string }> = {
  approve: {
    title: (who) => `Approve deactivating ${who}?`,
    label: "Approve and deactivate",
    tone: "danger",
    body: "The user is deactivated now and loses access to chat; only an admin can reactivate them from their page.",
  },
  refuse: { title: (who) => `Refuse deactivating ${who}?`, label: "Refuse", tone: "neutral", body: "The user stays active and the request is closed." },
  cancel: { title: (who) => `Cancel your request to deactivate ${who}?`, label: "Cancel the request", tone: "neutral", body: "The user stays active and the request is closed." },
};

/** The toast for a decision's answer: an approval says whether the chat service did deactivate the user. */
function decisionToast(who: string, decision: Decision, { data }: DecisionAnswer): { tone: "success" | "info" | "error"; message: string } {
  if (decision === "refuse") return { tone: "info", message: `Refused: ${who} stays active.` };
  if (decision === "cancel") return { tone: "info", message: `Cancelled your request to deactivate ${who}.` };
  if (data.outcome === "deactivated") return { tone: "success", message: `Approved: ${who} is deactivated.` };
  if (data.outcome === "already-deactivated") return { tone: "info", message: `Approved: ${who} was already deactivated.` };
  const why = data.outcome === "not-found" ? "the chat service does not know this user" : "the chat service's answer did not say whether the user was deactivated: check";
  return { tone: "error", message: `${who} was not deactivated: ${why}. The request still waits for a decision.` };
}

/**
 * What the reader can do with a pending request: approve or refuse it (a second staff member; an
 * admin when a moderator asked), cancel it (its requester, who otherwise sees that it waits for
 * someone else), each after a confirmation with an optional note.
 */
export function DeactivationRequestActions({ request }: { request: DeactivationRequest }) {
  const [confirming, setConfirming] = useState<Decision>();
  const [note, setNote] = useState("");
  const noteId = useId();
  const decide = useDecideDeactivationRequest();
  const toast = useToast();
  const who = `${request.name || request.uid} (${request.uid})`;
  const ask = (decision: Decision) => {
    setNote("");
    setConfirming(decision);
  };

  function confirm(decision: Decision) {
    // The promise, not mutate's callbacks: a decided request leaves the list, unmounting this before they would run.
    void decide
      .mutateAsync({ id: request.id, decision, ...(note.trim() ? { note: note.trim() } : {}) })
      .then(
        (answer) => toast(decisionToast(who, decision, answer)),
        (error: unknown) =>
          toast({
            tone: "error",
            message: describeFailure(`Deciding the request for ${who}`, "Not done", errorOf(error)) + (decision === "approve" ? " The request still waits for a decision." : ""),
          }),
      )
      .finally(() => setConfirming(undefined));
  }

  const shown = confirming && CONFIRM[confirming];
  return (
    <div className="flex flex-wrap items-center gap-2">
      {request.viewer.mine ? (
        <>
          <span className="text-sm text-slate-600">Waiting for another staff member{request.requestedBy.role === "moderator" ? " (an admin)" : ""}.</span>
          <button type="button" className={button} onClick={() => ask("cancel")}>
            Cancel request
          </button>
        </>
      ) : request.viewer.whyNotDecide ? (
        <span className="text-sm text-slate-600">Waiting for an admin.</span>
      ) : (
        <>
          <button type="button" className={`${button} border-red-300 text-red-800`} onClick={() => ask("approve")}>
            Approve
          </button>
          <button type="button" className={button} onClick={() => ask("refuse")}>
            Refuse
          </button>
        </>
      )}
      <ConfirmDialog
        open={shown !== undefined}
        title={shown ? shown.title(who) : ""}
        confirmLabel={shown?.label ?? ""}
        tone={shown?.tone}
        pending={decide.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => confirming && confirm(confirming)}
      >
        <p>{shown?.body}</p>
        <label htmlFor={noteId} className="block text-sm font-medium">
          Note (optional, kept in the audit log)
        </label>
        <textarea id={noteId} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} rows={2} className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </ConfirmDialog>
    </div>
  );
}
