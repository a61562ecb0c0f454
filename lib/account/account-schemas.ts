import { z } from "zod";
import { staffPasswordSchema } from "@/lib/staff/staff-schemas";

/** A password typed to confirm it is you: checked by the auth library, only bounded here. */
const currentPasswordSchema = z.string().min(1, "the password is empty").max(256, "at most 256 characters");

export const changePasswordBodySchema = z.strictObject({ currentPassword: currentPasswordSchema, newPassword: staffPasswordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Regenerating recovery codes and turning two-factor off both ask for the password again. */
export const confirmPasswordBodySchema = z.strictObject({ password: currentPasswordSchema });
export type ConfirmPasswordBody = z.infer<typeof confirmPasswordBodySchema>;

export const recoveryCodesSchema = z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
