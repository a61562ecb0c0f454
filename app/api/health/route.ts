// GET /api/health: whether the dashboard is up, its database answers and the chat service took its key at the last check. Public.
import { route } from "@/lib/api/route";
import { startHealthMonitor } from "@/lib/health/service";

// Constant cost (the benchmark's floor): the monitor's last results from memory, no I/O per request.
export const GET = route({ access: "public" }, async () => startHealthMonitor().snapshot());
