// GET /api/apikeys/summary: keys per scope and the warnings an admin reviews (several fullAccess keys, old keys). Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { summarizeApiKeys } from "@/lib/moderation/api-keys";

export const GET = route({ access: PERMISSIONS.apiKeys.role }, async () => summarizeApiKeys());
