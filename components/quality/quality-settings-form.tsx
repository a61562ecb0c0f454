"use client";
import { useState, type FormEvent } from "react";
import { useSaveTeamSettings } from "@/components/admin/use-save-team-settings";
import { WithTeamSettings } from "@/components/admin/with-team-settings";
import type { TeamSettings } from "@/lib/settings/model/team-settings";
import { submitButton } from "./quality-styles";

const numberInput = "mt-1 block w-full max-w-32 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** The admins' settings for quality sampling and the health page's goal. */
export function QualitySettingsForm() {
  // Not keyed by the stored values: a remount on save would drop the save's own outcome callbacks.
  return (
    <WithTeamSettings what="sampling and goal settings" placeholderHeight="h-56">
      {(settings) => <SamplingForm settings={settings} />}
    </WithTeamSettings>
  );
}

function SamplingForm({ settings }: { settings: TeamSettings }) {
  const { save, pending, error } = useSaveTeamSettings("Sampling and goal saved.");
  const [samplePercent, setSamplePercent] = useState(settings.qualitySamplePercent);
  const [goalPercent, setGoalPercent] = useState(settings.reviewGoalPercent);

  function submit(event: FormEvent) {
    event.preventDefault();
    save({ qualitySamplePercent: samplePercent, reviewGoalPercent: goalPercent });
  }

  return (
    <form onSubmit={submit} aria-labelledby="sampling-settings-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="sampling-settings-heading" className="text-lg font-semibold">
          Sampling and goal
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">
          A share of each staff member&apos;s decisions goes to a blind second review by a colleague; disagreements come to the admins to rule on.
          The goal is the share of items to decide within the review target, drawn on this page&apos;s charts.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <label className="block text-sm">
        Decisions sampled for a second review (%, 0 turns sampling off)
        <input type="number" min={0} max={100} step={1} required value={samplePercent} onChange={(e) => setSamplePercent(Number(e.target.value))} className={numberInput} />
      </label>
      <label className="block text-sm">
        Goal: items decided within the review target (%)
        <input type="number" min={1} max={100} step={1} required value={goalPercent} onChange={(e) => setGoalPercent(Number(e.target.value))} className={numberInput} />
      </label>
      <button type="submit" disabled={pending} className={submitButton}>
        {pending ? "Saving…" : "Save sampling and goal"}
      </button>
    </form>
  );
}
