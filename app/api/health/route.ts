// GET /api/health: liveness, constant JSON, no secrets. Public.
import { route } from "@/lib/api/route";

export const GET = route({ access: "public" }, async () => ({ status: "ok" }));
