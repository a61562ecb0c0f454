"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { ApiClientError } from "@/lib/queries/api-fetch";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { EMPTY_DRAFT, missingFromDraft, type CompleteDraft } from "./decision-draft";

/**
 * The state a second review's or a ruling's form keeps: the draft, whether the team requires a
 * policy, and the form's error. `complete` gives the draft once nothing is missing (else shows
 * what is); `refused` shows the server's refusal.
 */
export function useDecisionForm({ noteRequired }: { noteRequired: boolean }) {
  const toast = useToast();
  const policyRequired = useQuery(teamSettingsOptions()).data?.data.requirePolicy ?? false;
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [error, setError] = useState<string>();
  return {
    draft,
    setDraft,
    error,
    policyRequired,
    complete(): CompleteDraft | undefined {
      const { decision } = draft;
      const missing = missingFromDraft(draft, { policyRequired, noteRequired });
      setError(missing);
      return missing || !decision ? undefined : { ...draft, decision };
    },
    refused(e: Error) {
      // A colleague decided first, or the decision was taken back: the list read again replaces
      // this form, so the reason goes where it stays readable.
      if (e instanceof ApiClientError && e.status === 409) toast({ tone: "error", message: e.message });
      else setError(e.message);
    },
  };
}
