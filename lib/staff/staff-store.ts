import { hashPassword } from "better-auth/crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { staff, staffAccount, staffSession, type StaffRole } from "@/lib/db/schema";

/**
 * Staff accounts, shared by the command line and the admin page. Passwords are hashed with
 * better-auth's own hasher (scrypt) so its sign-in verifies them.
 */
export type NewStaff = { email: string; name?: string; role: StaffRole; password?: string };

export class StaffError extends Error {}

export async function addStaff(db: Db, input: NewStaff) {
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
