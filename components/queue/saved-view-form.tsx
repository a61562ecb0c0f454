"use client";
import { useId, useState, type FormEvent } from "react";
import { DialogFormButtons } from "@/components/ui/dialog-form-buttons";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toaster";
import { useCreateSavedView, useUpdateSavedView } from "@/lib/queries/saved-views";
import type { QueueView } from "@/lib/review/model/queue-view";
import type { SavedView } from "@/lib/review/model/saved-view-schemas";

// The server's limit (saved-view-schemas.ts), repeated as a number so the browser does not load zod for it.
const MAX_NAME_LENGTH = 60;

/** Saves the current view under a name, or renames / shares one of mine. The server's refusal is shown in its words. */
export function SavedViewForm({ editing, view, onClose }: { editing: { kind: "save" } | { kind: "edit"; saved: SavedView }; view: QueueView; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const saved = editing.kind === "edit" ? editing.saved : undefined;
  const [name, setName] = useState(saved?.name ?? "");
  const [shared, setShared] = useState(saved?.shared ?? false);
  const mutation = saved ? update : create;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const onSuccess = ({ data }: { data: SavedView }) => {
      toast({ tone: "success", message: saved ? `Saved view "${data.name}" updated.` : `View saved as "${data.name}".` });
      onClose();
    };
    if (saved) update.mutate({ id: saved.id, name, shared }, { onSuccess });
    else create.mutate({ name, shared, view }, { onSuccess });
  }

  return (
    <Modal open title={saved ? `Edit saved view "${saved.name}"` : "Save this view"} width="28rem" onClose={onClose}>
      <form onSubmit={submit} className="space-y-3">
        {!saved && <p className="text-sm text-slate-600">Saves the current tab, sort, grouping, search and filters.</p>}
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-700">
            Name
          </label>
          <input
            id={`${id}-name`}
            value={name}
            required
            maxLength={MAX_NAME_LENGTH}
            onChange={(event) => setName(event.target.value)}
            aria-describedby={mutation.isError ? `${id}-error` : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} className="h-4 w-4 accent-indigo-700" />
          Share with the team
        </label>
        {mutation.isError && (
          <p id={`${id}-error`} role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
            {mutation.error.message}
          </p>
        )}
        <DialogFormButtons label={saved ? "Save changes" : "Save view"} pendingLabel="Saving…" pending={mutation.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
