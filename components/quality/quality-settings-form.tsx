"use client";
import { useState } from "react";
import { TeamSettingsForm } from "@/components/admin/team-settings-form";
import { WithTeamSettings } from "@/components/admin/with-team-settings";
import type { TeamSettings } from "@/lib/settings/model/team-settings";

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
  const [samplePercent, setSamplePercent] = useState(settings.qualitySamplePercent);
  const [goalPercent, setGoalPercent] = useState(settings.reviewGoalPercent);
  return (
    <TeamSettingsForm
      headingId="sampling-settings-heading"
      heading="Sampling and goal"
      description={
        <>
          A share of each staff member&apos;s decisions goes to a blind second review by a colleague; disagreements come to the admins to rule on. The goal
          is the share of items to decide within the review target, drawn on this page&apos;s charts.
        </>
      }
      saved="Sampling and goal saved."
      saveLabel="Save sampling and goal"
      patch={() => ({ qualitySamplePercent: samplePercent, reviewGoalPercent: goalPercent })}
    >
      <label className="block text-sm">
        Decisions sampled for a second review (%, 0 turns sampling off)
        <input type="number" min={0} max={100} step={1} required value={samplePercent} onChange={(e) => setSamplePercent(Number(e.target.value))} className={numberInput} />
      </label>
      <label className="block text-sm">
        Goal: items decided within the review target (%)
        <input type="number" min={1} max={100} step={1} required value={goalPercent} onChange={(e) => setGoalPercent(Number(e.target.value))} className={numberInput} />
      </label>
    </TeamSettingsForm>
  );
}
