import { z } from "zod";

/** C0 and C1 controls and DEL, except tab, line feed and carriage return. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** The same for a one-line value (a name): line breaks and tabs are refused too. */
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Free text staff send (notes, names, reasons): control characters and unpaired UTF-16 surrogates
 * are refused with a 400 naming the field, rather than stored (PostgreSQL refuses NUL, so a note
 * holding one used to fail as a 503) or shown to other staff as invisible text.
 */
export function staffText<S extends z.ZodType<string>>(schema: S, { multiline }: { multiline: boolean }) {
  const control = multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
  return schema
    .refine((text) => !control.test(text), multiline ? "contains a control character (only line breaks and tabs are allowed)" : "contains a control character or line break")
    .refine((text) => text.isWellFormed(), "contains an invalid character (an unpaired surrogate)");
}
