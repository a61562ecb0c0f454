"use client";
import { useId, useState, type FormEvent } from "react";
import { DialogFormButtons } from "@/components/ui/dialog-form-buttons";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toaster";
import { useMuteReporter } from "@/lib/queries/reporters";
import { errorOf, describeActionError } from "@/lib/review/model/action-errors";

/** Asks before muting a reporter, saying what it does to their flags, with an optional note for the audit log. */
export function MuteReporterDialog({ reporter, onClose }: { reporter: { uid: string; name: string }; onClose: () => void }) {
  const mute = useMuteReporter();
  const toast = useToast();
  const [note, setNote] = useState("");
  const noteId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mute.mutate(
      { uid: reporter.uid, note: note.trim() || undefined },
      {
        onSuccess: (result) => {
          const aside = result.items.length;
          toast({ tone: "success", message: `${reporter.name} is muted: ${result.flags} ${result.flags === 1 ? "flag" : "flags"} set aside, ${aside} ${aside === 1 ? "item" : "items"} out of the open queue.` });
          onClose();
        },
        onError: (error) => toast({ tone: "error", message: describeActionError(`Muting ${reporter.name}`, errorOf(error)) }),
      },
    );
  }

  return (
    <Modal open title={`Mute ${reporter.name}?`} onClose={onClose}>
      <form onSubmit={submit} aria-label={`Mute ${reporter.name}`} className="space-y-3 text-sm text-slate-700">
        <p>
          Their flags on open items are set aside (kept and marked, not deleted), and their new flags no longer open items. An item flagged only by
          muted reporters leaves the open queue for the Set aside tab. Only an admin can unmute them.
        </p>
        <label htmlFor={noteId} className="block font-medium">
          Note <span className="font-normal text-slate-500">(optional, kept in the audit log)</span>
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={2000}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
        <DialogFormButtons label="Mute reporter" pendingLabel="Muting…" pending={mute.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
