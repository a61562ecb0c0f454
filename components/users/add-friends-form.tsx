"use client";
import { useId, useMemo, useState, type FormEvent } from "react";
import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import type { ChatUser } from "@/lib/chat/schemas";
import { fieldErrors } from "@/lib/queries/api-fetch";
import { useAddFriends } from "@/lib/queries/user-mutations";
import { FRIEND_OUTCOME_WORDS, friendResultRows, type FriendResultRow } from "@/lib/users/friend-results";
import { parseUidList } from "@/lib/users/parse-uid-list";
import { TableScroll } from "@/components/ui/table-scroll";
import { UidListSummary } from "./uid-list-summary";

/**
 * Admin: make several users this user's friends at once, with one result row per UID. The rows
 * appear as the list is sent, each waiting for its outcome, so the answer fills them in place.
 */
export function AddFriendsForm({ user }: { user: ChatUser }) {
  const add = useAddFriends(user.uid);
  const listId = useId();
  const hintId = useId();
  const listErrorId = useId();
  // The chat service's own message for the UID list (its `details` names the body's field, `accepted`).
  const listError = fieldErrors(add.error, "accepted");
  const [text, setText] = useState("");
  const [addToConversations, setAddToConversations] = useState(false);
  const [results, setResults] = useState<FriendResultRow[]>();
  const [sending, setSending] = useState<string[]>();
  const parsed = useMemo(() => parseUidList(text, { exclude: user.uid }), [text, user.uid]);
  const count = parsed.uids.length;
  const sendable = count > 0 && count <= MAX_UIDS_PER_REQUEST;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sendable) return;
    const asked = parsed.uids;
    setSending(asked);
    setResults(undefined);
    add.mutate(
      { accepted: asked, addToConversations },
      {
        onSuccess: ({ data }) => {
          setResults(friendResultRows(asked, data.accepted));
          setText("");
        },
        onSettled: () => setSending(undefined),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby="add-friends-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="add-friends-heading" className="font-semibold">
        Add friends
      </h3>
      <div>
        <label htmlFor={listId} className="block text-sm font-medium">
          UIDs to add as friends
        </label>
        <p id={hintId} className="text-xs text-slate-600">
          Separate them with commas, spaces or new lines; put a UID that contains spaces in double quotes. Up to {MAX_UIDS_PER_REQUEST}. Duplicates and{" "}
          {user.name}&apos;s own UID are removed.
        </p>
        <textarea
          id={listId}
          aria-describedby={listError ? `${hintId} ${listErrorId}` : hintId}
          aria-invalid={listError ? true : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        {listError && (
          <p id={listErrorId} className="mt-1 text-sm text-red-700">
            {listError}
          </p>
        )}
      </div>
      {/* Always there, so the form does not shrink when the list is cleared after an answer. */}
      <UidListSummary parsed={parsed} max={MAX_UIDS_PER_REQUEST} excludedReason="their own UID removed" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" role="switch" checked={addToConversations} onChange={(e) => setAddToConversations(e.target.checked)} className="h-4 w-4" />
        Also add to conversations
      </label>
      {add.isError && (
        <p role="alert" className="text-sm text-red-700">
          No friends were added: {add.error.message}
        </p>
      )}
      <button type="submit" disabled={!sendable || add.isPending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
        {add.isPending ? "Adding…" : `Add ${count} friend${count === 1 ? "" : "s"}`}
      </button>
      {sending ? <FriendResults results={sending.map((uid) => ({ uid, outcome: "pending" }))} /> : results && <FriendResults results={results} />}
    </form>
  );
}

const outcomeTone = { added: "text-emerald-800", "not-added": "text-red-700", unknown: "text-amber-800", pending: "text-slate-600" } as const;

type ShownRow = FriendResultRow | { uid: string; outcome: "pending"; message?: undefined };

function FriendResults({ results }: { results: ShownRow[] }) {
  const added = results.filter((r) => r.outcome === "added").length;
  const unknown = results.filter((r) => r.outcome === "unknown").length;
  const pending = results.some((r) => r.outcome === "pending");
  return (
    <div className="space-y-2" aria-busy={pending}>
      <p role="status" className="text-sm font-medium">
        {pending
          ? `Adding ${results.length} friend${results.length === 1 ? "" : "s"}…`
          : `${added} of ${results.length} added.${unknown > 0 ? ` ${unknown} unknown: check them on their user pages.` : ""}`}
      </p>
      {/* One line per row, scrolled sideways when a message is long: the answer's rows are as tall as the waiting ones. */}
      <TableScroll label="Add friends results">
        <table className="min-w-full text-sm whitespace-nowrap">
          <caption className="sr-only">Add friends result per UID</caption>
          <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">UID</th>
              <th scope="col" className="px-3 py-2">Result</th>
              <th scope="col" className="px-3 py-2">Message</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {results.map((row) => (
              <tr key={row.uid}>
                <td className="px-3 py-2 font-mono">{row.uid}</td>
                <td className={`px-3 py-2 font-medium whitespace-nowrap ${outcomeTone[row.outcome]}`}>
                  {row.outcome === "pending" ? "Adding…" : FRIEND_OUTCOME_WORDS[row.outcome]}
                </td>
                <td className="px-3 py-2">
                  {row.message ?? <span className="text-slate-500">{row.outcome === "pending" ? "Waiting for the chat service" : "No message from the service"}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
