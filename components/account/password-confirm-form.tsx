"use client";
import type { FormEvent } from "react";
import { buttonClass, dangerButtonClass, inputClass } from "./account-styles";

/** A change that asks for the password again first: one password field and the button that says what happens. */
export function PasswordConfirmForm({
  name,
  label = "Confirm your password",
  submitLabel,
  pending,
  danger = false,
  onSubmit,
}: {
  /** The form's accessible name. */
  name: string;
  label?: string;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onSubmit: (password: string) => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get("password")));
  }
  return (
    <form onSubmit={submit} aria-label={name} className="space-y-3">
      <label className="block text-sm font-medium">
        {label}
        <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </label>
      <button type="submit" disabled={pending} className={danger ? dangerButtonClass : buttonClass}>
        {pending ? "Working…" : submitLabel}
      </button>
    </form>
  );
}
