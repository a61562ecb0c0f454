import { z } from "zod";
import { staffText } from "@/lib/text/staff-text";

export const MAX_STAFF_NAME_LENGTH = 80;

/**
 * A staff member's display name, wherever it is set (an admin adding staff, staff renaming
 * themselves through the auth library): one line of 1–80 characters. Unbounded names used to
 * reach every queue answer that mentions their author.
 */
export const staffNameSchema = staffText(
  z
    .string({ error: "expected a name" })
    .trim()
    .min(1, "the name is empty")
    .max(MAX_STAFF_NAME_LENGTH, `the name is longer than ${MAX_STAFF_NAME_LENGTH} characters`),
  { multiline: false },
);
