import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import { forgetStaffSessions } from "@/lib/auth/session-cache";
import type { Db } from "@/lib/db/open";
import { staff } from "@/lib/db/schema";
import type { AddStaffBody, UpdateStaffBody } from "./staff-schemas";
import { addStaff, listStaff, setStaffDisabled, setStaffRole, StaffError } from "./staff-store";

export async function staffList(db: Db) {
  return { data: await listStaff(db) };
}

export async function addStaffMember(db: Db, audited: AuditRunner, body: AddStaffBody) {
  return audited({ action: "staff.add", detail: { email: body.email, role: body.role, password: body.password ? "set" : "none (single sign-on only)" } }, async () => {
    try {
      return await addStaff(db, body);
    } catch (error) {
      if (error instanceof StaffError) throw new ApiError("ERR_CONFLICT", error.message);
      throw error;
    }
  });
}

/** Role changes and disabling, each its own audit row. An admin cannot lock themselves out. */
export async function updateStaffMember(db: Db, audited: AuditRunner, actor: StaffSession, id: string, body: UpdateStaffBody) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new ApiError("ERR_NOT_FOUND", "No staff member with that id.");
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
