"use client";
import { useId, useMemo, useState, type FormEvent } from "react";
import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import type { ChatUser, FriendResult } from "@/lib/chat/schemas";
import { useAddFriends } from "@/lib/queries/user-mutations";
import { parseUidList } from "@/lib/users/parse-uid-list";
import { UidListSummary } from "./uid-list-summary";

type ResultRow = { uid: string; success: boolean; message: string };

/** Admin: make several users this user's friends at once, with one result row per UID. */
export function AddFriendsForm({ user }: { user: ChatUser }) {
  const add = useAddFriends(user.uid);
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const [addToConversations, setAddToConversations] = useState(false);
  const [results, setResults] = useState<ResultRow[]>();
  const parsed = useMemo(() => parseUidList(text, { exclude: user.uid }), [text, user.uid]);
  const count = parsed.uids.length;
  const sendable = count > 0 && count <= MAX_UIDS_PER_REQUEST;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sendable) return;
    const asked = parsed.uids;
    add.mutate(
      { accepted: asked, addToConversations },
      {
        onSuccess: ({ data }) => {
          setResults(asked.map((uid) => resultRow(uid, data.accepted)));
          setText("");
        },
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
          aria-describedby={hintId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      </div>
      {text.trim() !== "" && <UidListSummary parsed={parsed} max={MAX_UIDS_PER_REQUEST} excludedReason="their own UID removed" />}
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
      {results && <FriendResults results={results} />}
    </form>
  );
}

function resultRow(uid: string, answer: FriendResult): ResultRow {
  const entry = Object.hasOwn(answer, uid) ? answer[uid] : undefined;
  return entry ? { uid, ...entry } : { uid, success: false, message: "The chat service gave no result for this UID." };
}

function FriendResults({ results }: { results: ResultRow[] }) {
  const added = results.filter((r) => r.success).length;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-medium">
        {added} of {results.length} added.
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
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
                <td className="px-3 py-2 font-mono break-all">{row.uid}</td>
                <td className={`px-3 py-2 font-medium whitespace-nowrap ${row.success ? "text-emerald-800" : "text-red-700"}`}>{row.success ? "Added" : "Not added"}</td>
                <td className="px-3 py-2">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
