import "server-only";
import { ApiError } from "@/lib/api/errors";
import { backgroundDelayMs } from "@/lib/chat/rate-limit";
import { lastRateLimit } from "@/lib/chat/rate-limit-store";

/**
 * A bulk run is the dashboard's own load on the chat service, like the sync and the decision
 * sender: while less than BACKGROUND_RESERVE of the service's budget is left it pauses until the
 * budget refills, so single actions by staff keep the rest. The batch is refused before anything
 * is sent; the bulk page waits out the Retry-After visibly and sends it again.
 */
export function assertBulkBudget(nowMs: number): void {
  const waitMs = backgroundDelayMs(lastRateLimit(), nowMs);
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  const until = new Date(nowMs + seconds * 1000).toISOString().slice(11, 19);
  throw new ApiError(
    "ERR_RATE_LIMITED",
    `The chat service's rate limit is nearly used up, so the bulk run pauses until ${until} UTC and leaves the rest to single actions. Nothing in this batch was sent.`,
    { "retry-after": String(seconds) },
  );
}
