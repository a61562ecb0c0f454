import { GoToUserInput } from "./go-to-user-input";

/**
 * Opens a user's page by UID. A plain form, sent to /users, which redirects to the user's page or
 * shows why no user can have the UID in this box on its own page (`value`, `problem`): no
 * JavaScript, so it works before the page has loaded any. In the header, the box also searches
 * users by UID or name as the moderator types (GoToUserInput).
 */
export function GoToUser({ variant = "header", value, problem }: { variant?: "header" | "page"; value?: string; problem?: string }) {
  const header = variant === "header";
  const inputId = `go-to-user-${variant}`;
  const problemId = `${inputId}-problem`;
  return (
    <form role="search" aria-label="Go to user" action="/users" method="get" className={header ? "flex items-center gap-1" : "flex flex-wrap items-end gap-2"}>
      <label htmlFor={inputId} className={header ? "sr-only" : "block w-full text-sm font-medium"}>
        User UID
      </label>
      {header ? (
        <GoToUserInput id={inputId} placeholder="Go to user (UID or name)" className="min-w-0 flex-1 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm sm:w-48 sm:flex-none" />
      ) : (
        <input
          id={inputId}
          name="uid"
          defaultValue={value}
          placeholder="e.g. ana-souza"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="w-full max-w-sm rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
        />
      )}
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Go
      </button>
      {problem && (
        <p id={problemId} role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
