"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { MAX_UID_LENGTH, idTextProblem } from "@/lib/api/limits";
import { encodeSegment } from "@/lib/chat/path";

/**
 * Opens a user's page by UID. The UID becomes one encoded path segment, so `a/b`, `x?y`, spaces
 * and non-Latin letters reach the user page intact.
 */
export function GoToUser({ variant = "header" }: { variant?: "header" | "page" }) {
  const router = useRouter();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const uid = value.trim();
    const problem = idTextProblem(uid, "UID", MAX_UID_LENGTH);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setValue("");
    router.push(`/users/${encodeSegment(uid)}`);
  }

  const header = variant === "header";
  return (
    <form role="search" aria-label="Go to user" onSubmit={submit} className={header ? "relative flex items-center gap-1" : "flex flex-wrap items-end gap-2"}>
      <label htmlFor={inputId} className={header ? "sr-only" : "block w-full text-sm font-medium"}>
        User UID
      </label>
      <input
        id={inputId}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        placeholder={header ? "Go to user (UID)" : "e.g. ana-souza"}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-md border border-slate-300 px-2.5 py-1.5 text-sm ${header ? "min-w-0 flex-1 sm:w-48 sm:flex-none" : "w-full max-w-sm"}`}
      />
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Go
      </button>
      {error && (
        <p id={errorId} role="alert" className={header ? "absolute top-full left-0 z-10 mt-1 w-64 rounded bg-white p-2 text-xs text-red-700 shadow ring-1 ring-red-200" : "w-full text-sm text-red-700"}>
          {error}
        </p>
      )}
    </form>
  );
}
