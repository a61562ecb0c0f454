import "server-only";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt, verifyPassword } from "better-auth/crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { auditLog, staffAccount, staffSession, twoFactor } from "@/lib/db/schema";
import { auth } from "./auth";
import type { StaffSession } from "./session";

/** How long a proof of presence lets this session reveal keys. */
export const PRESENCE_MINUTES = 5;
/** Wrong proofs per staff member per 15 minutes before the check stops answering. */
const MAX_FAILURES = 5;

export type PresenceProof = { password?: string; code?: string };

/**
 * Checks a fresh proof that the signed-in person is at the keyboard: the TOTP code when two-factor
 * is on (a stolen session and a phished password are not enough), the password otherwise. On
 * success this session may reveal keys for PRESENCE_MINUTES. Every attempt is audited, and after
 * MAX_FAILURES wrong ones in 15 minutes further attempts are refused unchecked.
 */
export async function confirmPresence(db: Db, staff: StaffSession, proof: PresenceProof): Promise<{ until: string }> {
  const actor = { id: staff.id, email: staff.email, role: staff.role };
  const method = staff.twoFactorEnabled ? "totp" : "password";
  if (await recentFailures(db, staff.id) >= MAX_FAILURES) {
    throw new ApiError("ERR_RATE_LIMITED", "Too many wrong attempts: wait 15 minutes, or sign out and in again.", { "retry-after": "900" });
  }
  const ok = staff.twoFactorEnabled ? await codeMatches(db, staff.id, proof.code) : await passwordMatches(db, staff.id, proof.password);
  if (!ok) {
    const message = staff.twoFactorEnabled ? "Wrong code. Use the current code from your authenticator app." : "Wrong password.";
    await recordAudit(db, { actor, action: "auth.presence", detail: { method } }, { code: "ERR_BAD_REQUEST", status: 400, message });
    throw new ApiError("ERR_BAD_REQUEST", `${staff.twoFactorEnabled ? "code" : "password"}: ${message}`);
  }
  const [row] = await db
    .update(staffSession)
    .set({ presenceVerifiedAt: sql`now()` })
    .where(eq(staffSession.id, staff.sessionId))
    .returning({ at: staffSession.presenceVerifiedAt });
  await recordAudit(db, { actor, action: "auth.presence", detail: { method } });
  const at = row?.at ?? new Date();
  return { until: new Date(at.getTime() + PRESENCE_MINUTES * 60_000).toISOString() };
}

/** Refuses (403 ERR_PRESENCE_REQUIRED) unless this session proved presence in the last PRESENCE_MINUTES. */
export async function requireFreshPresence(db: Db, staff: StaffSession): Promise<void> {
  const [row] = await db
    .select({ id: staffSession.id })
    .from(staffSession)
    .where(and(eq(staffSession.id, staff.sessionId), gt(staffSession.presenceVerifiedAt, sql`now() - make_interval(mins => ${PRESENCE_MINUTES})`)));
  if (row) return;
  throw new ApiError(
    "ERR_PRESENCE_REQUIRED",
    `Confirm it is you first: enter your ${staff.twoFactorEnabled ? "authenticator code" : "password"} (asked again after ${PRESENCE_MINUTES} minutes).`,
  );
}

async function recentFailures(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, "auth.presence"), eq(auditLog.outcome, "failure"), gt(auditLog.at, sql`now() - interval '15 minutes'`)));
  return row?.n ?? 0;
}

async function passwordMatches(db: Db, staffId: string, password: string | undefined): Promise<boolean> {
  if (!password) return false;
  const [account] = await db
    .select({ hash: staffAccount.password })
    .from(staffAccount)
    .where(and(eq(staffAccount.userId, staffId), eq(staffAccount.providerId, "credential")));
  return account?.hash ? verifyPassword({ hash: account.hash, password }) : false;
}

async function codeMatches(db: Db, staffId: string, code: string | undefined): Promise<boolean> {
  if (!code) return false;
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, staffId));
  if (!row) return false;
  // Decrypted as the two-factor plugin stores it (with the auth secret), then checked like a sign-in code.
  const context = await (await auth()).$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  return createOTP(secret).verify(code);
}
