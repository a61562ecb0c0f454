import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { env } from "@/lib/env/server";
import type { StaffRole } from "@/lib/db/schema";
import { auth } from "./auth";
import { staffRoleSchema } from "@/lib/staff/staff-schemas";
import { staffSessionCache } from "./session-cache";

export type StaffSession = {
  id: string;
  /** The better-auth session this request came with (presence checks are per session). */
  sessionId: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
};

/** The signed-in staff member for these request headers, or null (signed out, expired or disabled). */
export async function getStaffSession(headers: Headers): Promise<StaffSession | null> {
  const token = getSessionCookie(headers);
  if (!token) return null;
  return staffSessionCache(env().SESSION_CACHE_MS).get(token, () => loadStaffSession(headers));
}

async function loadStaffSession(headers: Headers): Promise<StaffSession | null> {
  const result = await (await auth()).api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & { role?: unknown; disabled?: unknown; twoFactorEnabled?: unknown };
  const role = staffRoleSchema.safeParse(user.role);
  if (!role.success || user.disabled === true) return null;
  return {
    id: user.id,
    sessionId: result.session.id,
    email: user.email,
    name: user.name,
    role: role.data,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

/** Whether policy (REQUIRE_2FA) wants this staff member to set up two-factor before anything else. */
export function mustSetUpTwoFactor(session: StaffSession): boolean {
  return !session.twoFactorEnabled && twoFactorRequired(session.role);
}

/** Whether policy (REQUIRE_2FA) makes two-factor compulsory for this role, so it may not be turned off. */
export function twoFactorRequired(role: StaffRole): boolean {
  const policy = env().require2fa;
  return policy === "all" || (policy === "admins" && role === "admin");
}
