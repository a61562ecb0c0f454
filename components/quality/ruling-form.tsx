"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { useToast } from "@/components/ui/toaster";
import type { Dispute } from "@/lib/quality/model/quality-schemas";
import { ApiClientError } from "@/lib/queries/api-fetch";
import { useRuling } from "@/lib/queries/quality";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { DecisionFields } from "./decision-fields";
import { EMPTY_DRAFT, draftBody, missingFromDraft, replacesDecision, type DecisionDraft } from "./decision-draft";
import { submitButton } from "./quality-styles";

type Ruling = DecisionDraft & { decision: NonNullable<DecisionDraft["decision"]> };

// Opened only by a ruling that changes the item's decision: its code loads then.
const RulingConfirmDialog = lazyPart(() => import("./ruling-confirm-dialog").then((m) => m.RulingConfirmDialog));

/**
 * An admin's ruling on a disagreement, with the reason. One that differs from the first decision
 * replaces the item's decision, so it is confirmed first; one that keeps it is recorded at once.
 */
export function RulingForm({ dispute, sender, onRuled }: { dispute: Dispute; sender: string; onRuled: () => void }) {
  const ruling = useRuling();
  const toast = useToast();
  const policyRequired = useQuery(teamSettingsOptions()).data?.data.requirePolicy ?? false;
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [error, setError] = useState<string>();
  // The complete ruling waiting for the confirmation that it replaces the item's decision.
  const [confirming, setConfirming] = useState<Ruling | null>(null);

  function send(complete: Ruling) {
    setError(undefined);
    ruling.mutate(
      { sampleId: dispute.id, ...draftBody(complete), note: complete.note.trim() },
      {
        onSuccess: (result) => {
          setConfirming(null);
          toast({
            tone: "success",
            message: result.changed
              ? `Ruling recorded: the decision on the message from ${sender} is replaced.`
              : `Ruling recorded: the message from ${sender} keeps its decision.`,
          });
          onRuled();
        },
        onError: (e) => {
          setConfirming(null);
          // Another admin ruled first, or the decision was taken back: the list read again drops
          // this card, so the reason goes where it stays readable.
          if (e instanceof ApiClientError && e.status === 409) toast({ tone: "error", message: e.message });
          else setError(e.message);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { decision } = draft;
    const missing = missingFromDraft(draft, { policyRequired, noteRequired: true });
    if (missing || !decision) return setError(missing);
    const complete = { ...draft, decision };
    if (replacesDecision(complete, dispute.first)) setConfirming(complete);
    else send(complete);
  }

  return (
    <>
      <form onSubmit={submit} aria-label={`Ruling on the message from ${sender}`} className="space-y-3 border-t border-slate-200 pt-4">
        <DecisionFields
          legend="Your ruling"
          draft={draft}
          onChange={setDraft}
          noteLabel="Reason for the ruling"
          noteRequired
          policyRequired={policyRequired}
          disabled={ruling.isPending}
        />
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <button type="submit" disabled={ruling.isPending} className={submitButton}>
          {ruling.isPending ? "Recording…" : "Record ruling"}
        </button>
      </form>
      {confirming && (
        <RulingConfirmDialog
          sender={sender}
          from={dispute.first}
          to={confirming}
          pending={ruling.isPending}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
