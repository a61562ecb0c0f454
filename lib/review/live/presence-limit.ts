import "server-only";
import { ApiError } from "@/lib/api/errors";
import { createTokenBuckets } from "@/lib/api/token-bucket";

/**
 * A page reports presence when a moderator opens an item and every 10 s after; 20 at once and 5 a
 * second is far above that with several tabs, and far below a script posting as fast as it can,
 * whose every report would go to every open stream.
 */
const buckets = createTokenBuckets({ burst: 20, perSecond: 5 });

export function limitPresenceReports(staffId: string, now = Date.now()): void {
  const wait = buckets.take(staffId, now);
  if (wait > 0) throw new ApiError("ERR_RATE_LIMITED", "Presence is reported too often; it is sent again by itself.", { "retry-after": String(wait) });
}
