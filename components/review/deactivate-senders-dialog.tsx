"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { teamSettingsOptions } from "@/lib/queries/settings";
import type { QueuePerson } from "@/lib/review/model/review-schemas";
import { PolicySelect } from "./policy-select";

/** What the confirmation adds to the request: the policy the deactivation is made under. */
export type DeactivationChoice = { policyId?: number };

/**
 * One confirmation for deactivating one or many senders: it names every user (name and UID), says
 * what deactivation does, and that only an admin can undo it (Reactivate on the user's page). It
 * asks for the policy (required when the team says so) and says that protected users wait for a
 * second staff member's approval.
 */
export function DeactivateSendersDialog({
  senders,
  pending,
  onConfirm,
  onCancel,
}: {
  senders: QueuePerson[];
  pending: boolean;
  onConfirm: (choice: DeactivationChoice) => void;
  onCancel: () => void;
}) {
  const [only] = senders;
  const [policyId, setPolicyId] = useState<number>();
  const settings = useQuery(teamSettingsOptions());
  const required = settings.data?.data.requirePolicy ?? false;
  const title = senders.length === 1 && only ? `Deactivate ${only.name} (${only.uid})?` : `Deactivate ${senders.length} senders?`;
  return (
    <ConfirmDialog
      open={senders.length > 0}
      title={title}
      confirmLabel={senders.length === 1 ? "Deactivate user" : `Deactivate ${senders.length} users`}
      pending={pending}
      confirmDisabled={required && policyId === undefined}
      onConfirm={() => onConfirm({ policyId })}
      onCancel={onCancel}
    >
      {senders.length > 1 && (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {senders.map((s) => (
            <li key={s.uid}>
              <span className="font-medium">{s.name}</span> <span className="font-mono text-xs text-slate-600">({s.uid})</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        Deactivation suspends {senders.length === 1 ? "this user's" : "these users'"} access to the chat. Their account data and messages are kept.
      </p>
      <p>
        <strong>Only an admin can undo this:</strong> with Reactivate on the user&apos;s page.
      </p>
      <p>A protected user (on the protected list, or with a protected tag or role) is not deactivated yet: a second staff member must approve it first.</p>
      <PolicySelect value={policyId} onChange={(p) => setPolicyId(p?.id)} required={required} />
    </ConfirmDialog>
  );
}
