import "server-only";
import { eq } from "drizzle-orm";
import type { AuditActor } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { staff } from "@/lib/db/schema";

/** better-auth's cookie that carries a pending second factor (its two-factor plugin's name). */
const TWO_FACTOR_COOKIE = "two_factor";

/** The part of better-auth's hook context this file reads. */
type HookContext = {
  path: string;
  request?: Request;
  getSignedCookie(name: string, secret: string): Promise<string | null | false>;
  context: {
    secret: string;
    createAuthCookie(name: string): { name: string };
    internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string } | null | undefined> };
  };
};

const pendingAccounts = new WeakMap<Request, string>();

export const isSecondFactorPath = (path: string) => path === "/two-factor/verify-totp" || path === "/two-factor/verify-backup-code";

/**
 * Before a second-factor attempt: notes which account's password opened it (the pending two-factor
 * cookie points at a verification row holding the user id). Read before the attempt because the
 * plugin deletes that row when the last allowed attempt fails.
 */
export async function notePendingSecondFactor(ctx: HookContext): Promise<void> {
  if (!ctx.request || !isSecondFactorPath(ctx.path)) return;
  const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, ctx.context.secret);
  if (!identifier) return;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (verification) pendingAccounts.set(ctx.request, verification.value);
}

/** After a second-factor attempt: the account it was for, so a failure is audited against it. */
export async function pendingSecondFactorAccount(database: Db, ctx: HookContext): Promise<AuditActor> {
  const userId = ctx.request ? pendingAccounts.get(ctx.request) : undefined;
  if (!userId) return null;
  const [row] = await database.select({ id: staff.id, email: staff.email, role: staff.role }).from(staff).where(eq(staff.id, userId));
  return row ?? null;
}
