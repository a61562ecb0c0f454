"use client";
import { useState, type ComponentType } from "react";
import type { UserSearchProps } from "./user-search";

type Loaded = { Search: ComponentType<UserSearchProps>; focused: boolean };

/**
 * The header's "Go to user" box: a plain input (the form works with it alone) until it is first
 * focused, then the search combobox in its place, with what was typed and the focus if it is
 * still there. Every page carries the header and is near its script budget, so the search's code
 * loads only then.
 */
export function GoToUserInput(props: Omit<UserSearchProps, "initialValue" | "focused">) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [typed, setTyped] = useState("");
  if (loaded) return <loaded.Search {...props} initialValue={typed} focused={loaded.focused} />;
  return (
    <input
      {...props}
      name="uid"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => setTyped(event.target.value)}
      onFocus={(event) => {
        const input = event.currentTarget;
        void import("./user-search").then((m) => setLoaded({ Search: m.UserSearch, focused: document.activeElement === input }));
      }}
    />
  );
}
