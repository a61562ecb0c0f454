"use client";
import { useToast } from "@/components/ui/toaster";
import { useUpdateTeamSettings } from "@/lib/queries/settings";
import type { TeamSettingsPatch } from "@/lib/settings/model/team-settings";

/**
 * Saving some of the team's settings from an admin's form: a toast saying `saved` when done, the
 * server's words when it refuses a value (it checks every one and names what is wrong: the browser
 * carries no zod). A new save clears the last refusal (the mutation's own error).
 */
export function useSaveTeamSettings(saved: string) {
  const update = useUpdateTeamSettings();
  const toast = useToast();
  return {
    pending: update.isPending,
    error: update.error?.message,
    save(patch: TeamSettingsPatch) {
      update.mutate(patch, { onSuccess: () => toast({ tone: "success", message: saved }) });
    },
  };
}
