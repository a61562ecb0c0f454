"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toaster";
import { useDeleteSavedView } from "@/lib/queries/saved-views";
import type { SavedView } from "@/lib/review/model/saved-view-schemas";

/** Asks before deleting a saved view, saying who else loses it. */
export function DeleteSavedViewDialog({ saved, onClose }: { saved: SavedView; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteSavedView();
  function confirm() {
    remove.mutate(saved.id, {
      onSuccess: () => toast({ tone: "success", message: `Saved view "${saved.name}" deleted.` }),
      onError: (error) => toast({ tone: "error", message: `"${saved.name}" was not deleted: ${error.message}` }),
      onSettled: onClose,
    });
  }
  return (
    <ConfirmDialog open title={`Delete saved view "${saved.name}"?`} confirmLabel="Delete view" pending={remove.isPending} onConfirm={confirm} onCancel={onClose}>
      <p>
        {saved.shared
          ? `It is shared: everyone on the team loses it${saved.mine ? "" : `, and ${saved.ownerName}, who saved it, too`}.`
          : "Only you had it. The queue's items are not changed."}
      </p>
    </ConfirmDialog>
  );
}
