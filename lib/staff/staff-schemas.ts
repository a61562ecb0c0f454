import { z } from "zod";
import { STAFF_ROLES } from "@/lib/auth/roles";
import { staffNameSchema } from "./staff-name";

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** A password staff choose or are given: the same bounds better-auth applies (lib/auth/auth.ts). */
export const staffPasswordSchema = z.string().min(10, "at least 10 characters").max(256, "at most 256 characters");

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ data: z.array(staffMemberSchema) });

/**
 * Every staff member's name and email, for moderators: the queue shows the email beside a name
 * wherever it names who acted, since display names are chosen freely and two can be the same.
 */
export const staffDirectorySchema = z.object({ data: z.array(staffMemberSchema.pick({ id: true, name: true, email: true })) });
export type StaffDirectory = z.infer<typeof staffDirectorySchema>;

export const addStaffBodySchema = z.strictObject({
  email: z.email("expected an email address").max(320),
  name: staffNameSchema.optional(),
  role: staffRoleSchema,
  password: staffPasswordSchema.optional(),
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

export const updateStaffBodySchema = z
  .strictObject({ role: staffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, "give role or disabled");
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

/** An admin's reset of someone's password: the new one, or null for one the dashboard makes up and shows once. */
export const resetStaffPasswordBodySchema = z.strictObject({ password: staffPasswordSchema.nullable() });
export type ResetStaffPasswordBody = z.infer<typeof resetStaffPasswordBodySchema>;
export const resetStaffPasswordResultSchema = z.object({ data: z.object({ id: z.string(), email: z.string(), temporaryPassword: z.string().optional() }) });
export type ResetStaffPasswordResult = z.infer<typeof resetStaffPasswordResultSchema>;
export const resetStaffTwoFactorResultSchema = z.object({
  data: z.object({ id: z.string(), email: z.string(), twoFactorEnabled: z.boolean(), mustSetUpAgain: z.boolean() }),
});
export type ResetStaffTwoFactorResult = z.infer<typeof resetStaffTwoFactorResultSchema>;

export const slowedStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  failures: z.number().int(),
  /** Seconds; null once the delay has run out (the failures still count until a success). */
  delayedUntil: z.number().int().nullable(),
  lastFailureAt: z.number().int(),
});
export type SlowedStaff = z.infer<typeof slowedStaffSchema>;
export const slowedStaffListSchema = z.object({ data: z.array(slowedStaffSchema) });
