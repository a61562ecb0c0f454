"use client";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { useUpdateTeamSettings } from "@/lib/queries/settings";
import type { TeamSettingsPatch } from "@/lib/settings/model/team-settings";

/**
 * Saving some of the team's settings from an admin's form: a toast saying `saved` when done, the
 * server's words when it refuses a value (it checks every one and names what is wrong: the browser
 * carries no zod).
 */
export function useSaveTeamSettings(saved: string) {
  const update = useUpdateTeamSettings();
  const toast = useToast();
  const [error, setError] = useState<string>();
  return {
    pending: update.isPending,
    error,
    save(patch: TeamSettingsPatch) {
      setError(undefined);
      update.mutate(patch, { onSuccess: () => toast({ tone: "success", message: saved }), onError: (e) => setError(e.message) });
    },
  };
}
