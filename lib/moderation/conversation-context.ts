import "server-only";
import { ApiError } from "@/lib/api/errors";
import { fitsInHeader } from "@/lib/chat/header-value";
import type { ConversationPage } from "@/lib/chat/client";
import type { Message } from "@/lib/chat/schemas";
import { chat } from "@/lib/chat/service";
import { CONTEXT_SIZE, type ContextMessage, type ConversationContext } from "@/lib/review/model/conversation-schemas";
import { contentSummary } from "@/lib/review/model/content-words";
import { messageContent } from "@/lib/review/model/message-content";

/**
 * Where a flagged message was said: a group, or the conversation between two users. For a user
 * conversation the service lists `GET /users/{uid}/messages` as seen by `onBehalfOf`, so the
 * flagged message's receiver is the path's UID and its sender the one on whose behalf it is read:
 * both are certainly in that conversation.
 */
export type ConversationTarget = { kind: "group"; guid: string } | { kind: "user"; uid: string; with: string };

/** The messages just before and after message `around`, oldest first on each side. */
export async function conversationAround(target: ConversationTarget, around: string): Promise<ConversationContext> {
  const list = lister(target);
  const [before, after] = await Promise.all([
    list({ id: around, affix: "prepend", limit: CONTEXT_SIZE }),
    list({ id: around, affix: "append", limit: CONTEXT_SIZE }),
  ]);
  // The service's order for these lists is not documented: sorted here, and the flagged one left out.
  const side = (messages: readonly Message[]) => [...messages].filter((m) => m.id !== around).sort(byTimeThenId).map(toContextMessage);
  return { before: side(before.data).slice(-CONTEXT_SIZE), after: side(after.data).slice(0, CONTEXT_SIZE), unreadable: before.unreadable + after.unreadable };
}

/**
 * The group's list, or the two users' conversation. That reads the same from either side, and the
 * side it is read as goes in the onBehalfOf header: the receiver's, when the sender's UID cannot
 * travel in a header.
 */
function lister(target: ConversationTarget): (page: ConversationPage) => ReturnType<ReturnType<typeof chat>["listGroupMessages"]> {
  if (target.kind === "group") return (page) => chat().listGroupMessages(target.guid, page);
  if (fitsInHeader(target.with)) return (page) => chat().listUserMessages(target.uid, target.with, page);
  if (fitsInHeader(target.uid)) return (page) => chat().listUserMessages(target.with, target.uid, page);
  throw new ApiError(
    "ERR_BAD_REQUEST",
    `This conversation cannot be read: the chat service is asked as one of its two users in an HTTP header, and neither "${target.uid}" nor "${target.with}" can be sent in one.`,
  );
}

function byTimeThenId(a: Message, b: Message): number {
  const time = (a.sentAt ?? 0) - (b.sentAt ?? 0);
  if (time !== 0) return time;
  return a.id.length !== b.id.length ? a.id.length - b.id.length : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toContextMessage(message: Message): ContextMessage {
  const sender = message.data.entities?.sender;
  const name = sender && "uid" in sender.entity ? sender.entity.name : undefined;
  return {
    id: message.id,
    sender: message.sender,
    senderName: name ?? message.sender,
    sentAt: message.sentAt,
    text: message.data.text ?? "",
    summary: contentSummary(messageContent(message)),
  };
}
