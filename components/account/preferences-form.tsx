"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { myPreferencesOptions, useUpdateMyPreferences } from "@/lib/queries/preferences";
import type { MyPreferences, OwnPreferences, WellbeingPreferenceKey, WellbeingPreferences } from "@/lib/wellbeing/model/preference-schemas";
import { BlurField, BreakMinutesField, BreakRuleNote, CheckboxField } from "@/components/wellbeing/wellbeing-fields";
import { buttonClass } from "./account-styles";

/** Your own media shield and break reminder, each your choice or the team's default. */
export function PreferencesForm() {
  const query = useQuery(myPreferencesOptions());
  return (
    <section aria-labelledby="preferences-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="preferences-heading" className="font-semibold">
          Media and breaks
        </h2>
        <p className="text-sm text-slate-600">How images and videos in the queue are shown until you reveal one, and when to remind you of a break.</p>
      </div>
      {query.isPending ? (
        <LoadingBlock label="Loading your preferences" className="h-64 animate-pulse rounded-md bg-slate-100" />
      ) : query.isError ? (
        <ErrorState title="Your preferences could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : (
        // Not keyed by the stored values: a remount on save would drop the save's own outcome.
        <PreferencesFields preferences={query.data.data} />
      )}
    </section>
  );
}

function PreferencesFields({ preferences }: { preferences: MyPreferences }) {
  const update = useUpdateMyPreferences();
  const { team } = preferences;
  // What the form shows: the moderator's own value, or the team's while they follow it.
  const [values, setValues] = useState<WellbeingPreferences>(preferences.effective);
  const [followsTeam, setFollowsTeam] = useState<Record<WellbeingPreferenceKey, boolean>>(() => ({
    mediaBlur: preferences.own.mediaBlur === null,
    mediaGreyscale: preferences.own.mediaGreyscale === null,
    mediaAutoplay: preferences.own.mediaAutoplay === null,
    breakReminderMinutes: preferences.own.breakReminderMinutes === null,
  }));
  const set = <K extends WellbeingPreferenceKey>(key: K, value: WellbeingPreferences[K]) => setValues({ ...values, [key]: value });
  const follow = (key: WellbeingPreferenceKey, yes: boolean) => {
    setFollowsTeam({ ...followsTeam, [key]: yes });
    if (yes) setValues({ ...values, [key]: team[key] });
  };
  const field = (key: WellbeingPreferenceKey) => ({ followsTeam: followsTeam[key], onFollow: (yes: boolean) => follow(key, yes) });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The API checks every value and names what is wrong (the browser carries no zod).
    const own = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, followsTeam[key as WellbeingPreferenceKey] ? null : value])) as OwnPreferences;
    update.mutate(own);
  }

  return (
    <form onSubmit={submit} aria-label="Your media and break preferences" className="space-y-4">
      {update.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {update.error.message}
        </p>
      )}
      <PreferenceField legend="Blur" teamValue={`${team.mediaBlur} px`} {...field("mediaBlur")}>
        <BlurField value={values.mediaBlur} disabled={followsTeam.mediaBlur} onChange={(px) => set("mediaBlur", px)} />
      </PreferenceField>
      <PreferenceField legend="Greyscale" teamValue={team.mediaGreyscale ? "on" : "off"} {...field("mediaGreyscale")}>
        <CheckboxField label="Show media in greyscale until revealed" checked={values.mediaGreyscale} disabled={followsTeam.mediaGreyscale} onChange={(on) => set("mediaGreyscale", on)} />
      </PreferenceField>
      <PreferenceField legend="Autoplay" teamValue={team.mediaAutoplay ? "on" : "off"} {...field("mediaAutoplay")}>
        <CheckboxField label="Play videos by themselves (muted)" checked={values.mediaAutoplay} disabled={followsTeam.mediaAutoplay} onChange={(on) => set("mediaAutoplay", on)} />
      </PreferenceField>
      <PreferenceField legend="Break reminder" teamValue={team.breakReminderMinutes === 0 ? "off" : `after ${team.breakReminderMinutes} minutes`} {...field("breakReminderMinutes")}>
        <BreakMinutesField value={values.breakReminderMinutes} disabled={followsTeam.breakReminderMinutes} onChange={(minutes) => set("breakReminderMinutes", minutes)} />
      </PreferenceField>
      <BreakRuleNote />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={update.isPending} className={buttonClass}>
          {update.isPending ? "Saving…" : "Save preferences"}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {update.isSuccess && !update.isPending ? "Preferences saved." : ""}
        </p>
      </div>
    </form>
  );
}

/** One preference: its control, and whether it follows the team's default (which it then shows). */
function PreferenceField({
  legend,
  teamValue,
  followsTeam,
  onFollow,
  children,
}: {
  legend: string;
  teamValue: string;
  followsTeam: boolean;
  onFollow: (yes: boolean) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {children}
      <CheckboxField label={`Use the team's default (${teamValue})`} checked={followsTeam} onChange={onFollow} />
    </fieldset>
  );
}
