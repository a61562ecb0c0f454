import { z } from "zod";

/** POST /api/me/presence: the password, or the authenticator code when two-factor is on. */
export const presenceProofSchema = z
  .strictObject({
    password: z.string().min(1).max(256).optional(),
    code: z.string().regex(/^\d{6}$/, "expected the 6 digits from the authenticator app").optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.code === undefined), "give password or code");

/** Until when this session may reveal keys (ISO time). */
export const presenceConfirmedSchema = z.object({ data: z.object({ until: z.string() }) });
export type PresenceConfirmed = z.infer<typeof presenceConfirmedSchema>;
