"use client";
import { useId, useState, type FormEvent } from "react";
import type { PolicyCreateBody } from "@/lib/policies/model/policy-admin-schemas";
import { GROUND_LABELS, POLICY_GROUNDS, type PolicyGround } from "@/lib/policies/model/policy-constants";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { DEFAULT_STATEMENT_CATEGORY, STATEMENT_CATEGORIES, type StatementCategory } from "@/lib/transparency/model/dsa-vocabulary";

const CATEGORY_KEYS = Object.keys(STATEMENT_CATEGORIES) as StatementCategory[];

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * A policy's fields, to add one or edit one (`initial`). The inputs' own limits catch the common
 * mistakes; the API checks the rest and its refusal (a taken name) shows here. No zod in the
 * browser: it compiles parsers with new Function(), which the Content-Security-Policy refuses.
 */
export function PolicyForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial?: Policy;
  submitLabel: string;
  pending: boolean;
  serverError?: string;
  onSubmit: (body: PolicyCreateBody, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [error, setError] = useState<string>();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const ground = POLICY_GROUNDS.find((g) => g === data.get("ground"));
    const dsaCategory = CATEGORY_KEYS.find((c) => c === data.get("dsaCategory"));
    if (!ground || !dsaCategory) {
      setError(ground ? "Choose a transparency category." : "Choose a ground.");
      return;
    }
    setError(undefined);
    onSubmit(
      {
        name: String(data.get("name") ?? "").trim(),
        description: String(data.get("description") ?? "").trim(),
        severity: Number(data.get("severity")),
        strikeWeight: Number(data.get("strikeWeight")),
        ground: ground satisfies PolicyGround,
        dsaCategory,
      },
      () => form.reset(),
    );
  }
  const shown = error ?? serverError;
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-6 sm:items-end" aria-describedby={shown ? `${id}-error` : undefined}>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-6">
          {shown}
        </p>
      )}
      <label className="block text-sm font-medium sm:col-span-2">
        Name
        <input name="name" required maxLength={80} defaultValue={initial?.name} className={input} />
      </label>
      <label className="block text-sm font-medium">
        Severity
        <select name="severity" defaultValue={initial?.severity ?? 3} className={input}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Strike weight
        <input name="strikeWeight" type="number" min={0} max={10} step={1} required defaultValue={initial?.strikeWeight ?? 1} className={input} />
      </label>
      <label className="block text-sm font-medium sm:col-span-2">
        Ground
        <select name="ground" defaultValue={initial?.ground ?? "terms_of_service"} className={input}>
          {POLICY_GROUNDS.map((ground) => (
            <option key={ground} value={ground}>
              {GROUND_LABELS[ground]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium sm:col-span-6">
        Transparency category (EU DSA statements of reasons)
        <select name="dsaCategory" defaultValue={initial?.dsaCategory ?? DEFAULT_STATEMENT_CATEGORY} className={input}>
          {CATEGORY_KEYS.map((category) => (
            <option key={category} value={category}>
              {STATEMENT_CATEGORIES[category]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium sm:col-span-6">
        Short description
        <textarea name="description" rows={2} maxLength={500} defaultValue={initial?.description} className={input} />
      </label>
      <div className="flex gap-2 sm:col-span-6">
        <button type="submit" disabled={pending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
          {pending ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
