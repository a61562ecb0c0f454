"use client";
import { useState } from "react";
import { PolicySelect } from "@/components/review/policy-select";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatCount } from "@/lib/format/intl";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";

/**
 * The confirmation of a decision on every open item of the view: how many, what the decision does
 * for users, that colleagues' and waiting items are left alone, and that it has no undo. A resolve
 * names one policy for them all (`policy`: the one preselected; `policyRequired`: the team's setting).
 */
export function BulkJobDialog({
  action,
  total,
  pending,
  policy,
  policyRequired,
  onConfirm,
  onCancel,
}: {
  action: "resolve" | "dismiss";
  total: number;
  pending: boolean;
  policy: number | undefined;
  policyRequired: boolean;
  onConfirm: (policyId: number | undefined) => void;
  onCancel: () => void;
}) {
  const verb = action === "resolve" ? "Resolve" : "Dismiss";
  const [policyId, setPolicyId] = useState(policy);
  const [missing, setMissing] = useState(false);
  return (
    <ConfirmDialog
      open
      title={`${verb} all ${formatCount(total, "open item")} in this view?`}
      confirmLabel={`${verb} ${formatCount(total, "item")}`}
      tone="neutral"
      pending={pending}
      onConfirm={() => {
        const needsOne = action === "resolve" && policyRequired && policyId === undefined;
        setMissing(needsOne);
        if (!needsOne) onConfirm(action === "resolve" ? policyId : undefined);
      }}
      onCancel={onCancel}
    >
      <p>{DECISION_EFFECTS[action]}</p>
      {action === "resolve" && <PolicySelect value={policyId} required={policyRequired} onChange={(chosen) => setPolicyId(chosen?.id)} />}
      {missing && (
        <p role="alert" className="text-red-800">
          This team requires a policy for every resolve: choose one above.
        </p>
      )}
      <p>It runs on the server a few hundred items at a time; you can stop it between batches. Items a colleague is on, and items waiting for an admin, are left as they are.</p>
      <p>
        <strong>There is no undo for a decision on a whole view:</strong> items decided can be reopened one by one.
      </p>
    </ConfirmDialog>
  );
}
