"use client";
import { useId } from "react";
import { BREAK_REMINDER_MAX_MINUTES, MEDIA_BLUR_MAX_PX } from "@/lib/settings/model/setting-values";

// The media shield's and break reminder's controls, shared by a moderator's own preferences
// (account page) and the team's defaults (admin policies page), so both offer the same ranges.

const numberInput = "mt-1 block w-full max-w-32 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm disabled:bg-slate-100";

export function CheckboxField({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 shrink-0 accent-indigo-700" />
      {label}
    </label>
  );
}

/** Blur strength as a slider with its value in words beside it. */
export function BlurField({ value, disabled, onChange }: { value: number; disabled?: boolean; onChange: (px: number) => void }) {
  const id = useId();
  return (
    <div className="text-sm">
      <label htmlFor={id}>Blur strength (px, 0 for none)</label>: <output htmlFor={id}>{value} px</output>
      <input
        id={id}
        type="range"
        min={0}
        max={MEDIA_BLUR_MAX_PX}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 block h-6 w-full max-w-sm accent-indigo-700"
      />
    </div>
  );
}

export function BreakMinutesField({ value, disabled, onChange }: { value: number; disabled?: boolean; onChange: (minutes: number) => void }) {
  return (
    <label className="block text-sm">
      Break reminder after minutes of continuous review (0 for never)
      <input
        type="number"
        min={0}
        max={BREAK_REMINDER_MAX_MINUTES}
        step={1}
        required
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className={numberInput}
      />
    </label>
  );
}

/** What "continuous" means for the reminder (lib/wellbeing/model/review-stretch.ts), said where its minutes are chosen. */
export function BreakRuleNote() {
  return (
    <p className="text-xs text-slate-600">
      Continuous: key or pointer presses on the queue with no pause longer than 10 minutes; a longer pause counts as a break and starts the count again.
    </p>
  );
}
