import "server-only";
import { hashPassword } from "better-auth/crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { staff, staffAccount, staffSession, twoFactor, type StaffRole } from "@/lib/db/schema";

/**
 * Staff accounts, shared by the command line and the admin page. Passwords are hashed with
 * better-auth's own hasher (scrypt) so its sign-in verifies them.
 */
export type NewStaff = {
  email: string;
  name?: string;
  role: StaffRole;
  password?: string;
  /** Single sign-on is configured, so an account may go without a password. */
  singleSignOn?: boolean;
};

export class StaffError extends Error {}

/** A refusal of what was asked (not a clash with existing data), naming the field at fault. */
export class StaffInputError extends StaffError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export async function addStaff(db: Db, input: NewStaff) {
  // An account nobody can sign in to would still list as working, and would be inherited by
  // whoever later signs in through single sign-on with its email.
  if (!input.password && !input.singleSignOn) {
    throw new StaffInputError("password", "password: required, since single sign-on is not configured (an account without either could never sign in).");
  }
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  if (existing) throw new StaffError(`A staff member with the email ${email} already exists.`);
  const id = crypto.randomUUID();
  const name = input.name?.trim() || email.split("@")[0] || email;
  const password = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    await tx.insert(staff).values({ id, email, name, role: input.role, emailVerified: true });
    // Without a password the account can only sign in through single sign-on.
    if (password) await tx.insert(staffAccount).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password });
  });
  return { id, email, name, role: input.role };
}

export async function listStaff(db: Db) {
  return db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      disabled: staff.disabled,
      twoFactorEnabled: staff.twoFactorEnabled,
    })
    .from(staff)
    .orderBy(asc(staff.email));
}

/** Who is who among the staff, for showing an actor's email beside their name. */
export async function listStaffDirectory(db: Db) {
  return { data: await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).orderBy(asc(staff.email)) };
}

export async function countStaff(db: Db): Promise<number> {
  return (await db.$count(staff)) ?? 0;
}

async function findByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  if (!row) throw new StaffError(`No staff member with the email ${email}.`);
  return row;
}

export async function setStaffRole(db: Db, email: string, role: StaffRole) {
  const row = await findByEmail(db, email);
  await db.update(staff).set({ role, updatedAt: new Date() }).where(eq(staff.id, row.id));
  return { ...row, role };
}

/** Disabling also ends every session of the account at once. */
export async function setStaffDisabled(db: Db, email: string, disabled: boolean) {
  const row = await findByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ disabled, updatedAt: new Date() }).where(eq(staff.id, row.id));
    if (disabled) await tx.delete(staffSession).where(eq(staffSession.userId, row.id));
  });
  return { ...row, disabled };
}

/**
 * A new password set for someone (an admin's reset, the command line): whoever held the old one
 * is signed out everywhere. An account that only used single sign-on gains a password.
 */
export async function setStaffPassword(db: Db, email: string, password: string) {
  const row = await findByEmail(db, email);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const credential = and(eq(staffAccount.userId, row.id), eq(staffAccount.providerId, "credential"));
    const [account] = await tx.select({ id: staffAccount.id }).from(staffAccount).where(credential);
    if (account) await tx.update(staffAccount).set({ password: hash, updatedAt: new Date() }).where(eq(staffAccount.id, account.id));
    else await tx.insert(staffAccount).values({ id: crypto.randomUUID(), accountId: row.id, providerId: "credential", userId: row.id, password: hash });
    await tx.delete(staffSession).where(eq(staffSession.userId, row.id));
  });
  return row;
}

/**
 * Forgets someone's authenticator and recovery codes (a lost phone) and signs them out, so their
 * next sign-in asks for the password alone and, where policy requires it, a new set-up.
 */
export async function clearStaffTwoFactor(db: Db, email: string) {
  const row = await findByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staff.id, row.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, row.id));
    await tx.delete(staffSession).where(eq(staffSession.userId, row.id));
  });
  return { ...row, twoFactorEnabled: false };
}
