import { z } from "zod";
import { idTextProblem, MAX_MESSAGE_ID_LENGTH, MAX_UID_LENGTH } from "@/lib/api/limits";
import { cutText } from "@/lib/text/storable-text";
import { flaggedMessageSchema, type FlaggedMessage } from "./schemas";

/** Raw JSON kept for an item the dashboard could not read: enough to see what came, bounded. */
export const MAX_RAW_CHARACTERS = 4_000;

/** A flagged-list item that could not be understood: its id when it has one, what was wrong, and the item as it came. */
export const unreadableItemSchema = z.object({ id: z.string().nullable(), problem: z.string(), raw: z.string(), truncated: z.boolean() });
export type UnreadableItem = z.infer<typeof unreadableItemSchema>;

/**
 * The flagged list read item by item (the real service sends kinds and shapes the contract does
 * not: group receivers, media, odd times), so one item that cannot be understood never fails the
 * list. Such an item is kept as its raw JSON; its id and sender must be usable in a dashboard URL
 * for the item to be readable, since the queue links them.
 */
export function splitFlaggedItems(items: readonly unknown[]): { data: FlaggedMessage[]; unreadable: UnreadableItem[] } {
  const data: FlaggedMessage[] = [];
  const unreadable: UnreadableItem[] = [];
  for (const item of items) {
    const read = typeof item === "object" && item !== null ? (readBefore.get(item) ?? remember(item, readItem(item))) : readItem(item);
    if ("message" in read) data.push(read.message);
    else unreadable.push(read.unreadable);
  }
  return { data, unreadable };
}

type ItemRead = { message: FlaggedMessage } | { unreadable: UnreadableItem };

/**
 * How each item was read, by the item: the chat client hands back an item whose bytes are the same
 * as in the last answer as the same object (lib/chat/same-answers.ts), so it is not checked again.
 */
const readBefore = new WeakMap<object, ItemRead>();

function remember(item: object, read: ItemRead): ItemRead {
  readBefore.set(item, read);
  return read;
}

function readItem(item: unknown): ItemRead {
  const parsed = flaggedMessageSchema.safeParse(item);
  const problem = parsed.success ? identityProblem(parsed.data) : firstIssue(parsed.error);
  return parsed.success && problem === undefined ? { message: parsed.data } : { unreadable: unreadableItem(item, problem ?? "it does not fit the contract") };
}

function identityProblem(message: FlaggedMessage): string | undefined {
  const idProblem = idTextProblem(message.id, "message id", MAX_MESSAGE_ID_LENGTH);
  if (idProblem) return `id: ${idProblem}`;
  const senderProblem = idTextProblem(message.sender, "UID", MAX_UID_LENGTH);
  return senderProblem ? `sender: ${senderProblem}` : undefined;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "item"}: ${issue?.message ?? "does not fit the contract"}`;
}

function unreadableItem(item: unknown, problem: string): UnreadableItem {
  const rawId = typeof item === "object" && item !== null && "id" in item ? item.id : undefined;
  const id = typeof rawId === "string" || typeof rawId === "number" ? cutText(String(rawId), MAX_MESSAGE_ID_LENGTH) : null;
  const { text, truncated } = boundedJson(item);
  return { id, problem, raw: text, truncated };
}

/** Pretty JSON cut to MAX_RAW_CHARACTERS, never ending in half a surrogate pair. */
export function boundedJson(value: unknown, max = MAX_RAW_CHARACTERS): { text: string; truncated: boolean } {
  const full = JSON.stringify(value, null, 2) ?? String(value);
  if (full.length <= max) return { text: full, truncated: false };
  return { text: cutText(full, max), truncated: true };
}
