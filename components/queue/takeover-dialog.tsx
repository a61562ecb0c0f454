"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { StaffName } from "@/components/ui/staff-name";
import { onThis, type StaffRef } from "@/lib/review/model/transitions";

/**
 * Asked before acting on an item a colleague holds: the action goes ahead only as a takeover,
 * which makes the claim the moderator's and shows the colleague it was taken over.
 */
export function TakeoverDialog({ holder, what, onTakeOver, onLeave }: { holder: StaffRef; what: string; onTakeOver: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog open title={onThis(holder)} confirmLabel={`Take over from ${holder.name}`} cancelLabel="Leave it" tone="neutral" onConfirm={onTakeOver} onCancel={onLeave}>
      <p>
        <StaffName id={holder.id} name={holder.name} /> claimed {what}. Taking it over makes it yours first; their queue then says it was taken over by you.
      </p>
    </ConfirmDialog>
  );
}
