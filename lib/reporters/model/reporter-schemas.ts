import { z } from "zod";
import { noteText } from "@/lib/review/model/review-schemas";

/** The mute routes' bodies and answers (browser-safe); a reporter's record on the queue is reporter-record.ts. */

export const muteReporterBodySchema = z.strictObject({ note: noteText.optional() }).optional();
export type MuteReporterBody = z.infer<typeof muteReporterBodySchema>;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

/** A muted reporter, as the list of them shows it; `setAside`: their flags set aside now. */
export const mutedReporterSchema = z.object({
  uid: z.string(),
  name: z.string(),
  mutedAt: z.number().int(),
  mutedBy: staffRefSchema.nullable(),
  note: z.string().nullable(),
  setAside: z.number().int(),
});
export type MutedReporter = z.infer<typeof mutedReporterSchema>;

/** What muting or unmuting changed: review items set aside or back in the open queue, and flags marked or cleared. */
export const muteResultSchema = z.object({ uid: z.string(), flags: z.number().int(), items: z.array(z.string()) });
export type MuteResult = z.infer<typeof muteResultSchema>;
