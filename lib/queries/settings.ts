import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamSettings, TeamSettingsPatch } from "@/lib/settings/model/team-settings";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The team's settings change rarely; every page that decides reads them once a minute at most. */
export const teamSettingsOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.team(), queryFn: () => apiFetch<{ data: TeamSettings }>("/api/settings"), staleTime: 60_000 });

export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TeamSettingsPatch) => apiFetch<{ data: TeamSettings }>("/api/settings", { method: "PATCH", body: JSON.stringify(patch) }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.settings.team(), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }),
  });
}
