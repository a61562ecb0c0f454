import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import { twoFactorRequired, type StaffSession } from "@/lib/auth/session";
import { forgetStaffSessions } from "@/lib/auth/session-cache";
import type { Db } from "@/lib/db/open";
import { staff } from "@/lib/db/schema";
import { env } from "@/lib/env/server";
import type { AddStaffBody, ResetStaffPasswordBody, UpdateStaffBody } from "./staff-schemas";
import { addStaff, clearStaffTwoFactor, listStaff, setStaffDisabled, setStaffPassword, setStaffRole, StaffError, StaffInputError } from "./staff-store";
import { temporaryPassword } from "./temporary-password";

/** Whether staff may sign in through the configured identity provider (all three OIDC_* are set together). */
export function singleSignOnConfigured(): boolean {
  return Boolean(env().OIDC_ISSUER);
}

export async function staffList(db: Db) {
  return { data: await listStaff(db) };
}

export async function addStaffMember(db: Db, audited: AuditRunner, body: AddStaffBody) {
  return audited({ action: "staff.add", detail: { email: body.email, role: body.role, password: body.password ? "set" : "none (single sign-on only)" } }, async () => {
    try {
      return await addStaff(db, { ...body, singleSignOn: singleSignOnConfigured() });
    } catch (error) {
      if (error instanceof StaffInputError) throw new ApiError("ERR_BAD_REQUEST", error.message);
      if (error instanceof StaffError) throw new ApiError("ERR_CONFLICT", error.message);
      throw error;
    }
  });
}

/** Role changes and disabling, each its own audit row. An admin cannot lock themselves out. */
export async function updateStaffMember(db: Db, audited: AuditRunner, actor: StaffSession, id: string, body: UpdateStaffBody) {
  const row = await findStaffMember(db, id);
  if (row.id === actor.id && (body.disabled === true || body.role === "moderator")) {
    throw new ApiError("ERR_BAD_REQUEST", "You cannot disable yourself or remove your own admin role; ask another admin.");
  }
  const { role, disabled } = body;
  if (role !== undefined && role !== row.role) {
    await audited({ action: "staff.role.set", detail: { email: row.email, from: row.role, to: role } }, () => setStaffRole(db, row.email, role));
  }
  if (disabled !== undefined && disabled !== row.disabled) {
    await audited({ action: disabled ? "staff.disable" : "staff.enable", detail: { email: row.email } }, () =>
      setStaffDisabled(db, row.email, disabled),
    );
  }
  forgetStaffSessions({ userId: row.id });
  return { data: (await listStaff(db)).find((s) => s.id === id) };
}

/**
 * Another staff member's lost authenticator: their set-up and recovery codes are forgotten and they
 * are signed out, so they sign in with the password alone and set it up again where policy requires.
 */
export async function resetStaffTwoFactor(db: Db, audited: AuditRunner, actor: StaffSession, id: string) {
  const row = await findOtherStaffMember(db, actor, id, "Turn your own two-factor authentication off or on from your account page.");
  await audited({ action: "staff.two_factor.reset", detail: { email: row.email, wasOn: row.twoFactorEnabled } }, () => clearStaffTwoFactor(db, row.email));
  forgetStaffSessions({ userId: row.id });
  return { data: { id: row.id, email: row.email, twoFactorEnabled: false, mustSetUpAgain: twoFactorRequired(row.role) } };
}

/**
 * Sets another staff member's password: the admin's choice, or one made up here and answered once
 * (never stored or audited in clear). Every session of theirs ends.
 */
export async function resetStaffPassword(db: Db, audited: AuditRunner, actor: StaffSession, id: string, body: ResetStaffPasswordBody) {
  const row = await findOtherStaffMember(db, actor, id, "Change your own password from your account page; it asks for your current one.");
  const generated = body.password === null;
  const password = body.password ?? temporaryPassword();
  await audited({ action: "staff.password.reset", detail: { email: row.email, password: generated ? "generated" : "set by admin" } }, () =>
    setStaffPassword(db, row.email, password),
  );
  forgetStaffSessions({ userId: row.id });
  return { data: { id: row.id, email: row.email, ...(generated ? { temporaryPassword: password } : {}) } };
}

async function findStaffMember(db: Db, id: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new ApiError("ERR_NOT_FOUND", "No staff member with that id.");
  return row;
}

/** Resets are for others: one's own password and two-factor change on the account page, which asks for the password. */
async function findOtherStaffMember(db: Db, actor: StaffSession, id: string, ownMessage: string) {
  const row = await findStaffMember(db, id);
  if (row.id === actor.id) throw new ApiError("ERR_BAD_REQUEST", ownMessage);
  return row;
}
