// GET /api/users/{uid}/strikes: the user's strike ledger (live and expired) and what the team's thresholds recommend. Moderator.
import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { readStrikeLedger } from "@/lib/strikes/server/strike-ledger";

export const GET = route({ access: "moderator", params: z.object({ uid: uidSchema }) }, async (ctx) => ({ data: await readStrikeLedger(await ctx.db(), ctx.params.uid) }));
