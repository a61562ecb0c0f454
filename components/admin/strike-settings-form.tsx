"use client";
import { useState } from "react";
import { PRIORITY_PARTS, type PriorityPart } from "@/lib/policies/model/priority-parts";
import { STRIKE_ACTIONS } from "@/lib/settings/model/setting-values";
import type { PriorityWeights, StrikeAction, TeamSettings } from "@/lib/settings/model/team-settings";
import { STRIKE_ACTION_WORDS } from "@/lib/strikes/model/strike-recommendation";
import { TeamSettingsForm } from "./team-settings-form";
import { WithTeamSettings } from "./with-team-settings";

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** What each weight of an item's priority counts (lib/policies/model/priority.ts). */
const WEIGHT_LABELS: Record<PriorityPart, string> = {
  severity: "Policy severity",
  flaggers: "Flaggers, by their records",
  strikes: "Sender's live strikes",
  age: "Time waiting against the review target",
};

/** The settings of decisions under policies: whether a resolve needs one, how long strikes count, the thresholds, and what makes an item's priority. */
export function StrikeSettingsForm() {
  // Not keyed by the stored values: a remount on save would drop the save's own outcome callbacks.
  return (
    <WithTeamSettings what="settings" placeholderHeight="h-40">
      {(settings) => <SettingsForm settings={settings} />}
    </WithTeamSettings>
  );
}

type Threshold = { strikes: number; action: StrikeAction };

function SettingsForm({ settings }: { settings: TeamSettings }) {
  const [requirePolicy, setRequirePolicy] = useState(settings.requirePolicy);
  const [expiry, setExpiry] = useState(String(settings.strikeExpiryDays));
  const [thresholds, setThresholds] = useState<Threshold[]>(settings.strikeThresholds);
  const [weights, setWeights] = useState<Record<PriorityPart, string>>(
    () => Object.fromEntries(PRIORITY_PARTS.map((part) => [part, String(settings.priorityWeights[part])])) as Record<PriorityPart, string>,
  );

  const patch = () => ({
    requirePolicy,
    strikeExpiryDays: Number(expiry),
    strikeThresholds: thresholds,
    priorityWeights: Object.fromEntries(PRIORITY_PARTS.map((part) => [part, Number(weights[part])])) as PriorityWeights,
  });

  const setThreshold = (index: number, patch: Partial<Threshold>) => setThresholds(thresholds.map((t, i) => (i === index ? { ...t, ...patch } : t)));

  return (
    <TeamSettingsForm headingId="decision-settings-heading" heading="Decisions and strikes" saved="Settings saved." saveLabel="Save settings" patch={patch}>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={requirePolicy} onChange={(e) => setRequirePolicy(e.target.checked)} className="mt-0.5 h-4 w-4 accent-indigo-700" />
        <span>
          <span className="font-medium">Require a policy for every resolve</span>
          <span className="block text-slate-600">A resolve without one is refused; the queue preselects the mapped or last-used policy.</span>
        </span>
      </label>
      <label className="block max-w-xs text-sm font-medium">
        Strikes expire after (days)
        <input type="number" min={1} max={3650} step={1} required value={expiry} onChange={(e) => setExpiry(e.target.value)} className={input} />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Thresholds: live strikes at which an action is recommended (never taken by itself)</legend>
        {thresholds.length === 0 && <p className="text-sm text-slate-500">No thresholds: nothing is ever recommended.</p>}
        <ul className="space-y-2">
          {thresholds.map((threshold, index) => (
            <li key={index} className="flex flex-wrap items-end gap-2">
              <label className="block w-28 text-sm">
                Strikes
                <input type="number" min={1} max={1000} step={1} required value={threshold.strikes} onChange={(e) => setThreshold(index, { strikes: Number(e.target.value) })} className={input} />
              </label>
              <label className="block text-sm">
                Recommend
                <select value={threshold.action} onChange={(e) => setThreshold(index, { action: e.target.value as StrikeAction })} className={input}>
                  {STRIKE_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {STRIKE_ACTION_WORDS[action]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" onClick={() => setThresholds(thresholds.filter((_, i) => i !== index))} className="min-h-6 px-1 pb-2 text-sm underline">
                Remove<span className="sr-only"> the threshold at {threshold.strikes} strikes</span>
              </button>
            </li>
          ))}
        </ul>
        {thresholds.length < 10 && (
          <button type="button" onClick={() => setThresholds([...thresholds, { strikes: (thresholds.at(-1)?.strikes ?? 0) + 1, action: "watch" }])} className="min-h-6 text-sm font-medium text-indigo-700 underline">
            Add a threshold
          </button>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Priority: how much each part counts (0–100 each; the score is their weighted mean)</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PRIORITY_PARTS.map((part) => (
            <label key={part} className="block text-sm">
              {WEIGHT_LABELS[part]}
              <input
                type="number"
                min={0}
                max={100}
                step="any"
                required
                value={weights[part]}
                onChange={(e) => setWeights({ ...weights, [part]: e.target.value })}
                className={input}
              />
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-600">After a change every open item is scored again, a few hundred at each sync of the flagged list.</p>
      </fieldset>
    </TeamSettingsForm>
  );
}
