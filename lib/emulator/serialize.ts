import { FLAG_REASONS } from "./reasons";
import { MEDIA_FILES } from "./media-files";
import type { FlagRecord, GroupRecord, MessageKind, MessageRecord, UserRecord } from "./records";

/**
 * Records → the contract's JSON. Key order follows the contract's tables so responses read like
 * the real service's. Users are looked up live, so a renamed user shows everywhere at once.
 */

export const APP_ID = "demo-app";

type UserLookup = (uid: string) => UserRecord;

/** What serializing a message needs from the state: users and groups by id, and where media is served. */
export type MessageContext = { userOf: UserLookup; groupOf: (guid: string) => GroupRecord; mediaOrigin: string };

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

function groupEntityJson(group: GroupRecord) {
  return {
    entity: {
      guid: group.guid,
      name: group.name,
      icon: group.icon,
      type: group.type,
      owner: group.owner,
      membersCount: group.members.length,
      createdAt: group.createdAt,
      conversationId: `group_${group.guid}`,
    },
    entityType: "group",
  };
}

function mediaData(kind: Extract<MessageKind, { category: "message" }>, origin: string) {
  const attachments = kind.files.map((name) => {
    const file = MEDIA_FILES.get(name);
    return {
      name,
      extension: name.split(".").pop() ?? "",
      size: file?.bytes.length ?? 0,
      mimeType: (file?.contentType ?? "application/octet-stream").split(";")[0],
      url: `${origin}/media/${encodeURIComponent(name)}`,
    };
  });
  return { url: attachments[0]?.url ?? "", attachments };
}

/** `data` beyond text and entities, per kind (cometchat-real-service.md, "Media data", "Custom / action / call data"). */
function kindData(message: MessageRecord, ctx: MessageContext, flagged: boolean) {
  const kind = message.kind;
  if (!kind) return {};
  switch (kind.category) {
    case "message":
      return mediaData(kind, ctx.mediaOrigin);
    case "custom":
      return { customData: kind.customData };
    case "action":
      return {
        action: kind.action,
        entities: {
          by: entityJson(ctx.userOf(message.sender), message.conversationId, flagged),
          on: entityJson(ctx.userOf(kind.on), message.conversationId, flagged),
          for: groupEntityJson(ctx.groupOf(message.receiver)),
        },
      };
    case "call":
      return { action: kind.action };
  }
}

function messageFields(message: MessageRecord, ctx: MessageContext, flagged: boolean) {
  const group = message.receiverType === "group";
  const extra = kindData(message, ctx, flagged);
  return {
    id: message.id,
    conversationId: message.conversationId,
    sender: message.sender,
    receiverType: group ? "group" : "user",
    receiver: message.receiver,
    category: message.kind?.category ?? "message",
    type: message.kind?.type ?? "text",
    data: {
      // Only text messages (and captions) carry text: the real service sends none with media.
      ...(message.kind === undefined || message.text !== "" ? { text: message.text } : {}),
      ...extra,
      metadata: message.metadata,
      entities: {
        ...("entities" in extra ? extra.entities : {}),
        sender: entityJson(ctx.userOf(message.sender), message.conversationId, flagged),
        receiver: group ? groupEntityJson(ctx.groupOf(message.receiver)) : entityJson(ctx.userOf(message.receiver), message.conversationId, flagged),
      },
    },
    sentAt: message.sentAt,
    updatedAt: message.updatedAt,
  };
}

/** A message as Pin Message returns it: pinnedBy/pinnedAt only when pinned. */
export function messageJson(message: MessageRecord, ctx: MessageContext) {
  return {
    ...messageFields(message, ctx, false),
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
export function flaggedMessageJson(message: MessageRecord, ctx: MessageContext) {
  return {
    ...messageFields(message, ctx, true),
    appId: APP_ID,
    flaggedBy: message.flags.map((flag) => flagJson(flag, ctx.userOf)),
    flaggedCount: message.flags.length,
  };
}
