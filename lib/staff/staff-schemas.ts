import { z } from "zod";
import { STAFF_ROLES } from "@/lib/auth/roles";

export const staffRoleSchema = z.enum(STAFF_ROLES);

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

export const addStaffBodySchema = z.strictObject({
  email: z.email("expected an email address").max(320),
  name: z.string().trim().max(200).optional(),
  role: staffRoleSchema,
  password: z.string().min(10, "at least 10 characters").max(256).optional(),
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

export const updateStaffBodySchema = z
  .strictObject({ role: staffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, "give role or disabled");
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;
