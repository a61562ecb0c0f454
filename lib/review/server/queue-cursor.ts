import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";

/**
 * Where the next page of a queue list starts: the last row's sort keys, the segment of the order
 * they belong to, the order they were made for, and the time that order's "overdue" was cut at.
 * Opaque to the browser (base64url JSON, made and read on the server only); read back strictly,
 * since anyone can send one.
 */
export type CursorValue = string | number | null;

const cursorSchema = z.strictObject({
  order: z.string().max(100),
  at: z.number().int().nonnegative(),
  segment: z.number().int().min(0).max(16),
  values: z.array(z.union([z.string().max(500), z.number().finite(), z.null()])).max(12),
});
export type QueueCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(text: string): QueueCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw unreadable();
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

const unreadable = () => new ApiError("ERR_BAD_REQUEST", "The cursor is not one this queue gave out: start again from the first page.");
