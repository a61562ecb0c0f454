"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type KeyboardEvent } from "react";
import { Modal } from "@/components/ui/modal";
import type { StaffRole } from "@/lib/auth/roles";
import { savedViewsOptions } from "@/lib/queries/saved-views";
import { paletteCommands } from "./palette-commands";

/**
 * Ctrl/Cmd-K: jump to an item by message id, a user by UID, a page or a saved view. A combobox:
 * arrows move, Enter goes, Escape closes; the list follows what is typed.
 */
export function CommandPalette({ role, onClose }: { role: StaffRole; onClose: () => void }) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const savedViews = useQuery(savedViewsOptions());
  const commands = paletteCommands(query, { role, savedViews: savedViews.data?.data ?? [] });
  const current = Math.min(active, commands.length - 1);

  function go(index: number) {
    const command = commands[index];
    if (!command) return;
    onClose();
    router.push(command.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + commands.length) % Math.max(commands.length, 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(current);
    }
  }

  return (
    <Modal open title="Jump to" onClose={onClose}>
      <input
        role="combobox"
        aria-label="Message id, UID, page or saved view"
        aria-expanded={commands.length > 0}
        aria-controls={listId}
        aria-activedescendant={commands.length > 0 ? `${listId}-${current}` : undefined}
        aria-autocomplete="list"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
        value={query}
        placeholder="Message id, UID, page or saved view"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <ul id={listId} role="listbox" aria-label="Where to go" className="max-h-80 space-y-0.5 overflow-y-auto">
        {commands.map((command, index) => (
          <li
            key={command.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            onClick={() => go(index)}
            onMouseMove={() => setActive(index)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm ${index === current ? "bg-indigo-600 text-white" : "text-slate-900"}`}
          >
            <span className="min-w-0 break-all">{command.label}</span>
            <span className={`shrink-0 text-xs ${index === current ? "text-indigo-100" : "text-slate-500"}`}>{command.section}</span>
          </li>
        ))}
      </ul>
      {commands.length === 0 && <p className="text-sm text-slate-600">Nothing matches. Type a message id, a UID, or part of a page&apos;s or saved view&apos;s name.</p>}
      {savedViews.isError && (
        <p role="alert" className="text-xs text-red-700">
          Saved views could not be loaded; pages and ids still work.
        </p>
      )}
      <p className="text-xs text-slate-500">↑ ↓ to choose, Enter to go, Esc to close.</p>
    </Modal>
  );
}
