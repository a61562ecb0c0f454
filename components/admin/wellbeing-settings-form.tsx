"use client";
import { useState } from "react";
import { BlurField, BreakMinutesField, BreakRuleNote, CheckboxField } from "@/components/wellbeing/wellbeing-fields";
import type { MediaShield, TeamSettings } from "@/lib/settings/model/team-settings";
import { TeamSettingsForm } from "./team-settings-form";
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
  const [shield, setShield] = useState<MediaShield>(settings.mediaShield);
  const [breakMinutes, setBreakMinutes] = useState(settings.breakReminderMinutes);
  return (
    <TeamSettingsForm
      headingId="wellbeing-defaults-heading"
      heading={<>Media and breaks: the team&apos;s defaults</>}
      description={
        <>
          Images and videos in the queue are shown this way until a moderator reveals one. Each moderator may choose their own on their account page; these
          apply to everyone who has not.
        </>
      }
      saved="Media and break defaults saved."
      saveLabel="Save media and break defaults"
      patch={() => ({ mediaShield: shield, breakReminderMinutes: breakMinutes })}
    >
      <BlurField value={shield.blur} onChange={(blur) => setShield({ ...shield, blur })} />
      <CheckboxField label="Show media in greyscale until revealed" checked={shield.greyscale} onChange={(greyscale) => setShield({ ...shield, greyscale })} />
      <CheckboxField label="Play videos by themselves (muted)" checked={shield.autoplay} onChange={(autoplay) => setShield({ ...shield, autoplay })} />
      <BreakMinutesField value={breakMinutes} onChange={setBreakMinutes} />
      <BreakRuleNote />
    </TeamSettingsForm>
  );
}
