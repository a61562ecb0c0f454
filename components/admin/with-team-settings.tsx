"use client";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { teamSettingsOptions } from "@/lib/queries/settings";
import type { TeamSettings } from "@/lib/settings/model/team-settings";

/**
 * An admin's form over some of the team's settings: a placeholder of the form's height while they
 * load, the failure in words with Retry, then the form from the stored values. `what` names the
 * settings in both sentences.
 */
export function WithTeamSettings({ what, placeholderHeight, children }: { what: string; placeholderHeight: string; children: (settings: TeamSettings) => ReactNode }) {
  const query = useQuery(teamSettingsOptions());
  if (query.isPending) return <LoadingBlock label={`Loading the ${what}`} className={`${placeholderHeight} animate-pulse rounded-lg bg-slate-100`} />;
  if (query.isError) return <ErrorState title={`The ${what} could not be loaded.`} error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data.data);
}
