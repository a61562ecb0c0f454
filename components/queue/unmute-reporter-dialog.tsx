"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toaster";
import { useUnmuteReporter } from "@/lib/queries/reporters";
import { describeActionError, errorOf } from "@/lib/review/model/action-errors";

/** Asks an admin before unmuting a reporter, whose set-aside flags then count again. */
export function UnmuteReporterDialog({ reporter, onClose }: { reporter: { uid: string; name: string }; onClose: () => void }) {
  const unmute = useUnmuteReporter();
  const toast = useToast();
  function confirm() {
    unmute.mutate(reporter.uid, {
      onSuccess: (result) => {
        const back = result.items.length;
        toast({ tone: "success", message: `${reporter.name} is unmuted: ${back} ${back === 1 ? "item is" : "items are"} back in the open queue.` });
      },
      onError: (error) => toast({ tone: "error", message: describeActionError(`Unmuting ${reporter.name}`, errorOf(error)) }),
      onSettled: onClose,
    });
  }
  return (
    <ConfirmDialog open title={`Unmute ${reporter.name}?`} confirmLabel="Unmute reporter" tone="neutral" pending={unmute.isPending} onConfirm={confirm} onCancel={onClose}>
      <p>Their set-aside flags count again: items they flagged that were set aside return to the open queue, and their new flags open items again.</p>
    </ConfirmDialog>
  );
}
