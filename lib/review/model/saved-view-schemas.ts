import { z } from "zod";
import { staffText } from "@/lib/text/staff-text";
import { DEFAULT_VIEW, parseQueueView, queueViewToSearch, type QueueView } from "./queue-view";

/**
 * Saved views of the review queue: what the API accepts and sends. Client-safe (the browser
 * imports only the types). A saved view stores the fields of a QueueView that differ from the
 * default; the fields are whatever QueueView has, so a field added to the queue's view is saved
 * and restored without a change here.
 */

export const MAX_SAVED_VIEWS_PER_PERSON = 50;
export const MAX_SAVED_VIEW_NAME_LENGTH = 60;

type ViewField = keyof QueueView;
const VIEW_FIELDS = Object.keys(DEFAULT_VIEW) as ViewField[];
const isViewField = (key: string): key is ViewField => Object.hasOwn(DEFAULT_VIEW, key);

/** The stored form: only the fields that differ from the default view. */
export type SavedViewFields = Partial<Record<ViewField, string>>;

/**
 * Reads stored fields the way the queue reads its URL, so an old or hand-edited saved view (an
 * unknown sort, a field that no longer exists) still opens, with defaults for what is not understood.
 */
export function readSavedViewFields(fields: Readonly<Record<string, unknown>>): QueueView {
  const given = Object.fromEntries(Object.entries(fields).filter(([key, value]) => isViewField(key) && typeof value === "string"));
  return parseQueueView(new URLSearchParams(queueViewToSearch({ ...DEFAULT_VIEW, ...given })));
}

/** The fields of a view worth storing: those not at their default. */
export function changedViewFields(view: QueueView): SavedViewFields {
  return Object.fromEntries(VIEW_FIELDS.filter((field) => view[field] !== DEFAULT_VIEW[field]).map((field) => [field, view[field]]));
}

const viewFieldSchema = staffText(z.string().max(200, "at most 200 characters"), { multiline: false });

/**
 * A view as a client sends it: any of the view's fields, each a value the queue understands (the
 * lenient reading must give back exactly what was sent, or the field is named in the 400).
 */
export const savedViewFieldsSchema = z
  .strictObject(Object.fromEntries(VIEW_FIELDS.map((field) => [field, viewFieldSchema.optional()])) as Record<ViewField, z.ZodOptional<typeof viewFieldSchema>>, {
    error: (issue) => (issue.code === "invalid_type" ? "expected an object of queue view fields" : undefined),
  })
  .superRefine((fields, ctx) => {
    const read = readSavedViewFields(fields);
    for (const field of VIEW_FIELDS) {
      const value = fields[field];
      if (value !== undefined && read[field] !== value) ctx.addIssue({ code: "custom", path: [field], message: `"${value}" is not a value the queue knows` });
    }
  });

const savedViewNameSchema = staffText(
  z
    .string({ error: "expected a name" })
    .trim()
    .min(1, "the name is empty")
    .max(MAX_SAVED_VIEW_NAME_LENGTH, `the name is longer than ${MAX_SAVED_VIEW_NAME_LENGTH} characters`),
  { multiline: false },
);

export const createSavedViewBodySchema = z.strictObject({
  name: savedViewNameSchema,
  shared: z.boolean({ error: "expected true or false" }),
  view: savedViewFieldsSchema,
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBodySchema>;

export const updateSavedViewBodySchema = z
  .strictObject({ name: savedViewNameSchema.optional(), shared: z.boolean({ error: "expected true or false" }).optional() })
  .refine((b) => b.name !== undefined || b.shared !== undefined, "give name or shared");
export type UpdateSavedViewBody = z.infer<typeof updateSavedViewBodySchema>;

export const savedViewIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, "expected a saved view id (a positive whole number)")
  .transform(Number);

/** A saved view as the API sends it: `view` is the whole view, read leniently from what was stored. */
export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  /** Whether the signed-in staff member owns it. */
  mine: z.boolean(),
  /** Whether the signed-in staff member may delete it: theirs, or a shared one for an admin. */
  canDelete: z.boolean(),
  ownerName: z.string(),
  view: z.custom<QueueView>((value) => typeof value === "object" && value !== null),
  createdAt: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListResponseSchema = z.object({ data: z.array(savedViewSchema) });
export const savedViewResponseSchema = z.object({ data: savedViewSchema });
