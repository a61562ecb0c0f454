"use client";
import { useState, type FormEvent } from "react";
import { useChangePassword } from "@/lib/queries/account-mutations";
import { buttonClass, inputClass } from "./account-styles";

/** Your own password: the current one, the new one twice. Every other session of yours ends. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [mismatch, setMismatch] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const newPassword = String(data.get("newPassword"));
    const repeated = newPassword === String(data.get("repeatPassword"));
    setMismatch(!repeated);
    if (!repeated) return;
    change.mutate({ currentPassword: String(data.get("currentPassword")), newPassword }, { onSuccess: () => form.reset() });
  }
  const error = mismatch ? "The two new passwords are not the same." : change.error?.message;
  return (
    <section aria-labelledby="password-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="password-heading" className="font-semibold">
        Password
      </h2>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {change.isSuccess && !error && (
        <p role="status" className="text-sm text-emerald-800">
          Password changed. You are signed out everywhere else.
        </p>
      )}
      <form onSubmit={submit} aria-label="Change your password" className="space-y-3">
        <label className="block text-sm font-medium">
          Current password
          <input name="currentPassword" type="password" autoComplete="current-password" required className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          New password <span className="font-normal text-slate-500">(at least 10 characters)</span>
          <input name="newPassword" type="password" autoComplete="new-password" required minLength={10} maxLength={256} className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          Repeat the new password
          <input name="repeatPassword" type="password" autoComplete="new-password" required minLength={10} maxLength={256} className={inputClass} />
        </label>
        <button type="submit" disabled={change.isPending} className={buttonClass}>
          {change.isPending ? "Working…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
