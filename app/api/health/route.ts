// GET /api/health: whether the dashboard is up, its database answers, the chat service took its key at the last check, and how the flagged-list sync last went. Public.
import { route } from "@/lib/api/route";
import { withRateLimit } from "@/lib/chat/rate-limit-health";
import { startHealthMonitor } from "@/lib/health/service";
import { syncHealth } from "@/lib/review/server/sync-service";

// Constant cost: the monitor's last results, the last rate-limit reading and the sync state this instance last read, from memory, no I/O per request.
export const GET = route({ access: "public" }, async () => ({ ...withRateLimit(startHealthMonitor().snapshot()), sync: syncHealth() }));
