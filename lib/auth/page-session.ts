import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import type { StaffRole } from "@/lib/db/schema";
import { roleAllows } from "./roles";
import { getStaffSession, mustSetUpTwoFactor, type StaffSession } from "./session";

/**
 * For pages: the signed-in staff member, or a redirect to sign-in. Comfort for the user; the API
 * checks the session and role again on every call.
 */
export async function requirePageSession(options: { role?: StaffRole; allowTwoFactorSetup?: boolean } = {}): Promise<StaffSession> {
  const staff = await getStaffSession(await headers());
  if (!staff) redirect("/sign-in");
  if (!options.allowTwoFactorSetup && mustSetUpTwoFactor(staff)) redirect("/account?setup=two-factor");
  if (options.role && !roleAllows(staff.role, options.role)) forbidden();
  return staff;
}
