"use client";
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";
import { protectedUsersOptions, useAddProtectedUser, useRemoveProtectedUser } from "@/lib/queries/protection";
import { errorOf } from "@/lib/review/model/action-errors";
import { LoadingBlock } from "@/components/ui/loading-block";

const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

/** The admins' list of protected users: add one by UID with a note, remove one after confirming. */
export function ProtectedUsersList() {
  const query = useQuery(protectedUsersOptions());
  const add = useAddProtectedUser();
  const remove = useRemoveProtectedUser();
  const toast = useToast();
  const [uid, setUid] = useState("");
  const [note, setNote] = useState("");
  const [removing, setRemoving] = useState<string>();
  const uidId = useId();
  const noteId = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const wanted = uid.trim();
    if (!wanted) return;
    add.mutate(
      { uid: wanted, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: ({ data }) => {
          toast({ tone: "success", message: `${data.uid} is on the protected list.` });
          setUid("");
          setNote("");
        },
        onError: (error) => toast({ tone: "error", message: `${wanted} was not added: ${errorOf(error).message}` }),
      },
    );
  }

  return (
    <section aria-labelledby="protected-list-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="protected-list-heading" className="text-lg font-semibold">
        Protected list
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <label htmlFor={uidId} className="block text-sm font-medium">
          UID
          <input id={uidId} value={uid} onChange={(e) => setUid(e.target.value)} required maxLength={100} className={`${field} font-mono`} />
        </label>
        <label htmlFor={noteId} className="block text-sm font-medium">
          Note (why they are protected)
          <input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className={field} />
        </label>
        <button type="submit" disabled={add.isPending || uid.trim() === ""} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
          {add.isPending ? "Adding…" : "Add to the list"}
        </button>
      </form>
      {query.isPending ? (
        <LoadingBlock label="Loading the protected list" className="h-24 animate-pulse rounded bg-slate-100" />
      ) : query.isError ? (
        <ErrorState title="The protected list could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody is on the list. Users with a protected tag or role below are protected all the same.</p>
      ) : (
        <ul aria-label="Protected users" className="divide-y divide-slate-200">
          {query.data.data.map((user) => (
            <li key={user.uid} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-mono font-medium break-all">{user.uid}</span>
                {user.note && <span className="text-slate-700">: {user.note}</span>}
                <span className="block text-xs text-slate-600">
                  Added {user.addedBy ? `by ${user.addedBy} ` : ""}
                  <TimeAgo seconds={user.addedAt} />
                </span>
              </span>
              <button type="button" onClick={() => setRemoving(user.uid)} className="rounded-md border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50">
                Remove<span className="sr-only"> {user.uid}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing ?? ""} from the protected list?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => toast({ tone: "success", message: `${removing} is off the protected list.` }),
            onError: (error) => toast({ tone: "error", message: `${removing} was not removed: ${errorOf(error).message}` }),
            onSettled: () => setRemoving(undefined),
          })
        }
      >
        <p>One staff member can then deactivate this user, unless a protected tag or role still protects them. Pending requests stay as they are.</p>
      </ConfirmDialog>
    </section>
  );
}
