import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MyPreferences, PreferencesPatch } from "@/lib/wellbeing/model/preference-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/**
 * The signed-in staff member's media shield and break reminder. Under the settings' key, so an
 * admin's change of the team's defaults (useUpdateTeamSettings) refreshes them too.
 */
export const myPreferencesOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.mine(), queryFn: () => apiFetch<{ data: MyPreferences }>("/api/me/preferences"), staleTime: 60_000 });

export function useUpdateMyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => apiFetch<{ data: MyPreferences }>("/api/me/preferences", { method: "PATCH", body: JSON.stringify(patch) }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.settings.mine(), answer),
  });
}
