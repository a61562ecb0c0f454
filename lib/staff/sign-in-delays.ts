import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import { clearSignInFailures, listSlowedStaff, throttleSettings } from "@/lib/auth/account-throttle";
import type { Db } from "@/lib/db/open";
import { staff } from "@/lib/db/schema";
import type { DashboardConfig } from "@/lib/env/dashboard";

/** Staff whose password sign-ins are being slowed after failed attempts. */
export async function slowedStaffList(db: Db, config: DashboardConfig) {
  return { data: await listSlowedStaff(db, throttleSettings(config)) };
}

/** Forgets a staff member's failed sign-ins, so their next attempt is not delayed (audited). */
export async function unlockStaffSignIn(db: Db, audited: AuditRunner, id: string) {
  const [row] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
  if (!row) throw new ApiError("ERR_NOT_FOUND", "No staff member with that id.");
  const cleared = await audited({ action: "staff.sign_in_unlock", detail: { email: row.email } }, () => clearSignInFailures(db, row.email), (done) => ({ cleared: done }));
  return { data: { id, cleared } };
}
