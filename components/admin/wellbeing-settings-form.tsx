"use client";
import { useState, type FormEvent } from "react";
import { BlurField, BreakMinutesField, BreakRuleNote, CheckboxField } from "@/components/wellbeing/wellbeing-fields";
import type { MediaShield, TeamSettings } from "@/lib/settings/model/team-settings";
import { useSaveTeamSettings } from "./use-save-team-settings";
import { WithTeamSettings } from "./with-team-settings";

/** The team's defaults for how media is shown until revealed and when to remind of a break; each moderator may choose their own. */
export function WellbeingSettingsForm() {
  // Not keyed by the stored values: a remount on save would drop the save's own outcome callbacks.
  return (
    <WithTeamSettings what="media and break defaults" placeholderHeight="h-56">
      {(settings) => <DefaultsForm settings={settings} />}
    </WithTeamSettings>
  );
}

function DefaultsForm({ settings }: { settings: TeamSettings }) {
  const { save, pending, error } = useSaveTeamSettings("Media and break defaults saved.");
  const [shield, setShield] = useState<MediaShield>(settings.mediaShield);
  const [breakMinutes, setBreakMinutes] = useState(settings.breakReminderMinutes);

  function submit(event: FormEvent) {
    event.preventDefault();
    save({ mediaShield: shield, breakReminderMinutes: breakMinutes });
  }

  return (
    <form onSubmit={submit} aria-labelledby="wellbeing-defaults-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="wellbeing-defaults-heading" className="text-lg font-semibold">
          Media and breaks: the team&apos;s defaults
        </h2>
        <p className="text-sm text-slate-600">
          Images and videos in the queue are shown this way until a moderator reveals one. Each moderator may choose their own on their account page;
          these apply to everyone who has not.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <BlurField value={shield.blur} onChange={(blur) => setShield({ ...shield, blur })} />
      <CheckboxField label="Show media in greyscale until revealed" checked={shield.greyscale} onChange={(greyscale) => setShield({ ...shield, greyscale })} />
      <CheckboxField label="Play videos by themselves (muted)" checked={shield.autoplay} onChange={(autoplay) => setShield({ ...shield, autoplay })} />
      <BreakMinutesField value={breakMinutes} onChange={setBreakMinutes} />
      <BreakRuleNote />
      <button type="submit" disabled={pending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
        {pending ? "Saving…" : "Save media and break defaults"}
      </button>
    </form>
  );
}
