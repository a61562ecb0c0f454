import "server-only";
import { startBackgroundTask } from "@/lib/async/background-task";
import { lastRateLimit } from "@/lib/chat/rate-limit-store";
import { chat } from "@/lib/chat/service";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { sendDueDecisions } from "./write-back-sender";

/**
 * Starts this process's background sender of review decisions (at server start). Every instance
 * runs one; the rows they take never overlap (see write-back-sender.ts), and rows left by a
 * stopped instance are picked up by any instance, so decisions survive a restart.
 */
export function startWriteBack(): void {
  const intervalMs = env().chat.writeBackIntervalMs;
  if (intervalMs === 0) return;
  startBackgroundTask("write-back", { intervalMs, failure: "writing review decisions back to the chat service failed; trying again at the next interval" }, async () => {
    const run = await sendDueDecisions({ db: await db(), client: { reviewFlaggedMessage: chat().reviewFlaggedMessage, rateLimit: lastRateLimit }, now: Date.now });
    if (run.refused.length) log().warn({ refused: run.refused }, "the chat service refused review decisions; they are shown on their items");
  });
}
