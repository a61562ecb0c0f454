import "server-only";
import { startBackgroundTask } from "@/lib/async/background-task";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { resumeAbandonedJobs } from "./bulk-jobs";

/** How often an instance looks for a bulk decision whose instance stopped (its lease ran out). */
const RESUME_INTERVAL_MS = 5_000;

/** Starts this process's resumer of bulk decision jobs (at server start), on every instance. */
export function startBulkJobResumer(): void {
  startBackgroundTask("bulk-job-resumer", { intervalMs: RESUME_INTERVAL_MS, failure: "resuming bulk decision jobs failed; trying again at the next interval" }, async () => {
    const resumed = await resumeAbandonedJobs(await db());
    if (resumed.length) log().info({ jobIds: resumed }, "bulk decision jobs left by a stopped instance were finished here");
  });
}
