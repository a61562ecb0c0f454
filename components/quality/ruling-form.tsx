"use client";
import { useState, type FormEvent } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { useToast } from "@/components/ui/toaster";
import type { Dispute } from "@/lib/quality/model/quality-schemas";
import { useRuling } from "@/lib/queries/quality";
import { DecisionFields } from "./decision-fields";
import { draftBody, replacesDecision, type CompleteDraft } from "./decision-draft";
import { FormError, SubmitButton } from "./decision-form-parts";
import { useDecisionForm } from "./use-decision-form";

// Opened only by a ruling that changes the item's decision: its code loads then.
const RulingConfirmDialog = lazyPart(() => import("./ruling-confirm-dialog").then((m) => m.RulingConfirmDialog));

/**
 * An admin's ruling on a disagreement, with the reason. One that differs from the first decision
 * replaces the item's decision, so it is confirmed first; one that keeps it is recorded at once.
 */
export function RulingForm({ dispute, sender, onRuled }: { dispute: Dispute; sender: string; onRuled: () => void }) {
  const ruling = useRuling();
  const toast = useToast();
  const form = useDecisionForm({ noteRequired: true });
  // The complete ruling waiting for the confirmation that it replaces the item's decision.
  const [confirming, setConfirming] = useState<CompleteDraft | null>(null);

  function send(complete: CompleteDraft) {
    ruling.mutate(
      // The ruling's note is required (complete checked it); draftBody's type leaves notes optional.
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
          form.refused(e);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const complete = form.complete();
    if (!complete) return;
    if (replacesDecision(complete, dispute.first)) setConfirming(complete);
    else send(complete);
  }

  return (
    <>
      <form onSubmit={submit} aria-label={`Ruling on the message from ${sender}`} className="space-y-3 border-t border-slate-200 pt-4">
        <DecisionFields
          legend="Your ruling"
          draft={form.draft}
          onChange={form.setDraft}
          noteLabel="Reason for the ruling"
          noteRequired
          policyRequired={form.policyRequired}
          disabled={ruling.isPending}
        />
        <FormError error={form.error} />
        <SubmitButton pending={ruling.isPending} label="Record ruling" />
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
