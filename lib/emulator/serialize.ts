import { FLAG_REASONS } from "./reasons";
import type { FlagRecord, MessageRecord, UserRecord } from "./records";

/**
 * Records → the contract's JSON. Key order follows the contract's tables so responses read like
 * the real service's. Users are looked up live, so a renamed user shows everywhere at once.
 */

export const APP_ID = "demo-app";

type UserLookup = (uid: string) => UserRecord;

export function userJson(user: UserRecord) {
  return {
    uid: user.uid,
    name: user.name,
    ...(user.link === undefined ? {} : { link: user.link }),
    avatar: user.avatar,
    status: user.status,
    role: user.role,
    createdAt: user.createdAt,
    ...(user.metadata === undefined ? {} : { metadata: user.metadata }),
    ...(user.tags === undefined ? {} : { tags: user.tags }),
  };
}

function entityJson(user: UserRecord, conversationId: string, flagged: boolean) {
  return {
    entity: {
      uid: user.uid,
      name: user.name,
      role: user.role,
      avatar: user.avatar,
      status: user.status,
      createdAt: user.createdAt,
      conversationId,
      ...(flagged ? { lastActiveAt: user.lastActiveAt, updatedAt: user.updatedAt } : {}),
    },
    entityType: "user",
  };
}

function messageFields(message: MessageRecord, userOf: UserLookup, flagged: boolean) {
  return {
    id: message.id,
    conversationId: message.conversationId,
    sender: message.sender,
    receiverType: "user",
    receiver: message.receiver,
    category: "message",
    type: "text",
    data: {
      text: message.text,
      metadata: message.metadata,
      entities: {
        sender: entityJson(userOf(message.sender), message.conversationId, flagged),
        receiver: entityJson(userOf(message.receiver), message.conversationId, flagged),
      },
    },
    sentAt: message.sentAt,
    updatedAt: message.updatedAt,
  };
}

/** A message as Pin Message returns it: pinnedBy/pinnedAt only when pinned. */
export function messageJson(message: MessageRecord, userOf: UserLookup) {
  return {
    ...messageFields(message, userOf, false),
    ...(message.pinnedBy === undefined ? {} : { pinnedBy: message.pinnedBy }),
    ...(message.pinnedAt === undefined ? {} : { pinnedAt: message.pinnedAt }),
  };
}

function flagJson(flag: FlagRecord, userOf: UserLookup) {
  const user = userOf(flag.uid);
  const reason = FLAG_REASONS[flag.reasonId];
  return {
    uid: user.uid,
    name: user.name,
    avatar: user.avatar,
    role: user.role,
    reasonId: flag.reasonId,
    reasonName: reason.name,
    description: reason.description,
    remark: flag.remark,
    flaggedAt: flag.flaggedAt,
  };
}

/** A flagged message never carries the pin or save fields, even when the message is pinned. */
export function flaggedMessageJson(message: MessageRecord, userOf: UserLookup) {
  return {
    ...messageFields(message, userOf, true),
    appId: APP_ID,
    flaggedBy: message.flags.map((flag) => flagJson(flag, userOf)),
    flaggedCount: message.flags.length,
  };
}
