"use client";
import { useRouter } from "next/navigation";
import { useState, type KeyboardEvent } from "react";
import { userHref } from "@/lib/users/user-href";
import { MAX_SEARCH_KEY_LENGTH, type UserMatch } from "@/lib/users/user-search-schemas";
import { useUserSearch } from "./use-user-search";

const sourceWords: Record<UserMatch["source"], string> = { recent: "viewed recently", queue: "in the queue", chat: "chat service" };

/** `focused`: the plain box it replaces (GoToUserInput) still had the focus, which then stays where the moderator was typing. */
export type UserSearchProps = { id: string; initialValue: string; focused: boolean; className: string; placeholder: string };

/**
 * The "Go to user" box as an ARIA 1.2 combobox: users whose UID or name starts with what is typed,
 * those the dashboard knows first. Arrow keys move through them, Enter opens the one chosen (or,
 * with none chosen, sends the form: the UID as typed), Escape closes the list. A live region says
 * what the list holds. It stays the form's `uid` field, so it works as before for a typed UID.
 */
export function UserSearch({ id, initialValue, focused, className, placeholder }: UserSearchProps) {
  const router = useRouter();
  const [text, setText] = useState(initialValue);
  const [open, setOpen] = useState(focused);
  const [active, setActive] = useState(-1);
  const { query, pending } = useUserSearch(text);
  const typed = text.trim().length > 0;
  const matches = typed ? (query.data?.data ?? []) : [];
  const expanded = open && typed;
  const listId = `${id}-users`;
  const optionId = (index: number) => `${id}-user-${index}`;
  const chosen = expanded ? matches[active] : undefined;

  function go(match: UserMatch) {
    setOpen(false);
    router.push(userHref(match.uid));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      // Up from the first user goes back to the box itself (none chosen).
      setActive((current) => (event.key === "ArrowDown" ? Math.min(current + 1, matches.length - 1) : Math.max(current - 1, -1)));
    } else if (event.key === "Enter" && chosen) {
      event.preventDefault();
      go(chosen);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const status = !typed
    ? ""
    : query.isError
      ? `The search failed: ${query.error.message}`
      : pending && matches.length === 0
        ? "Searching…"
        : matches.length === 0
          ? `No user's UID or name starts with “${text.trim()}”. Press Enter to open it as a UID.`
          : `${matches.length} ${matches.length === 1 ? "user" : "users"} found.${query.data?.chatServiceProblem ? ` The chat service could not be searched: ${query.data.chatServiceProblem}` : ""}`;

  return (
    <div className="relative min-w-0 flex-1 sm:flex-none">
      <input
        id={id}
        name="uid"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={chosen ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
        autoFocus={focused}
        maxLength={MAX_SEARCH_KEY_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className={`w-full ${className}`}
      />
      <p role="status" className="sr-only">
        {expanded ? status : ""}
      </p>
      {/* Pressing inside the list keeps the focus in the box, so the list is not closed before the click lands. */}
      <div
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-40 mt-1 rounded-md border border-slate-200 bg-white text-sm shadow-lg sm:left-auto sm:w-80"
      >
        <ul id={listId} role="listbox" aria-label="Users">
          {matches.map((match, index) => (
            <li
              key={match.uid}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => go(match)}
              className={`flex cursor-pointer items-baseline justify-between gap-2 px-3 py-2 ${index === active ? "bg-indigo-50" : "hover:bg-slate-50"}`}
            >
              <span className="min-w-0 truncate">
                <span className="font-medium text-slate-900">{match.name}</span> <span className="font-mono text-xs text-slate-600">{match.uid}</span>
                <span className="sr-only">,</span>
              </span>
              <span className="shrink-0 text-xs text-slate-500">{sourceWords[match.source]}</span>
            </li>
          ))}
        </ul>
        {(matches.length === 0 || query.isError || query.data?.chatServiceProblem) && (
          <p aria-hidden="true" className={`px-3 py-2 ${query.isError ? "text-red-700" : "text-slate-600"}`}>
            {status}
          </p>
        )}
        {query.isError && (
          <button type="button" onClick={() => void query.refetch()} className="mx-3 mb-2 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50">
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
