import "server-only";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env/server";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { readQueueHealth, type HealthViewer } from "./queue-health";

/** The queue's health now, against the deployment's review target and the team's goal. */
export async function readTeamQueueHealth(db: Db, viewer: HealthViewer, days: number): Promise<QueueHealth> {
  const { reviewGoalPercent } = await readTeamSettings(db);
  return readQueueHealth(db, viewer, { days, targetHours: env().REVIEW_TARGET_HOURS, goalPercent: reviewGoalPercent });
}
