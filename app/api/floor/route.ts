// GET /api/floor: a constant answer, the benchmark's floor (what the framework and the route wrapper cost with nothing else). Public.
import { route } from "@/lib/api/route";

const FLOOR = { ok: true } as const;

export const GET = route({ access: "public" }, async () => FLOOR);
