"use client";
import type { ReactNode } from "react";
import { useToast } from "@/components/ui/toaster";
import { useUpdateTeamSettings } from "@/lib/queries/settings";
import type { TeamSettingsPatch } from "@/lib/settings/model/team-settings";

type TeamSettingsFormProps = {
  headingId: string;
  heading: ReactNode;
  /** What the settings do, under the heading. */
  description?: ReactNode;
  /** The toast's words once saved. */
  saved: string;
  saveLabel: string;
  /** The settings as the fields hold them, read when the admin saves. */
  patch: () => TeamSettingsPatch;
  children: ReactNode;
};

/**
 * The frame of an admin's form over some of the team's settings: its heading and what they do, the
 * server's refusal in its own words (it checks every value and names what is wrong: the browser
 * carries no zod; a new save clears the last refusal), the fields, and a save button that says when
 * it is saving, with a toast saying `saved` when done.
 */
export function TeamSettingsForm({ headingId, heading, description, saved, saveLabel, patch, children }: TeamSettingsFormProps) {
  const update = useUpdateTeamSettings();
  const toast = useToast();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(patch(), { onSuccess: () => toast({ tone: "success", message: saved }) });
      }}
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
        {description && <p className="max-w-3xl text-sm text-slate-600">{description}</p>}
      </div>
      {update.error && (
        <p role="alert" className="text-sm text-red-700">
          {update.error.message}
        </p>
      )}
      {children}
      <button type="submit" disabled={update.isPending} className="min-h-6 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
        {update.isPending ? "Saving…" : saveLabel}
      </button>
    </form>
  );
}
