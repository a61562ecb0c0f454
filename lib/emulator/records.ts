import type { EmulatorKeyScope } from "./keys";
import type { ReasonId } from "./reasons";

/** How the emulator stores things; the JSON the API answers with is built in serialize.ts. */

export type UserRecord = {
  uid: string;
  name: string;
  link?: string;
  avatar: string;
  /** The real service's list filter speaks of `available`; its message entities say `online`. Both are seeded. */
  status: "online" | "available" | "offline";
  role: string;
  createdAt: number;
  updatedAt: number;
  lastActiveAt: number;
  metadata?: Record<string, unknown>;
  tags?: string[];
  /** Set when deactivated; the account data stays. */
  deactivatedAt?: number;
};

export type AuthTokenRecord = {
  uid: string;
  authToken: string;
  createdAt: number;
  updatedAt: number;
  platform: string;
  userAgent: string;
  appInfo: Record<string, unknown>;
};

export type ApiKeyRecord = { apiKey: string; name: string; scope: EmulatorKeyScope; createdAt: number };

/** Who flagged, why and when; the flagger's name, avatar and role are read from the user. */
export type FlagRecord = { uid: string; reasonId: ReasonId; remark: string; flaggedAt: number };

/** A group (the real service's group schema, the parts a message's receiver entity shows). */
export type GroupRecord = {
  guid: string;
  name: string;
  icon: string;
  type: "public" | "private" | "password";
  owner: string;
  members: string[];
  createdAt: number;
};

/**
 * What a message is when it is not plain text (cometchat-real-service.md, "Message kinds").
 * Media name files the emulator serves itself (media-files.ts); an action's `on` is a UID.
 */
export type MessageKind =
  | { category: "message"; type: "image" | "video" | "audio" | "file"; files: string[] }
  | { category: "custom"; type: string; customData: Record<string, unknown> }
  | { category: "action"; type: "groupMember"; action: string; on: string }
  | { category: "call"; type: "audio" | "video"; action: string };

export type MessageRecord = {
  id: string;
  conversationId: string;
  sender: string;
  /** A UID, or a GUID when receiverType is "group". */
  receiver: string;
  /** Absent for a direct message. */
  receiverType?: "group";
  /** Absent for a text message. */
  kind?: MessageKind;
  text: string;
  metadata: Record<string, unknown>;
  sentAt: number;
  updatedAt: number;
  pinnedBy?: string;
  pinnedAt?: number;
  /** Set by the review PATCH: the message then leaves the flagged list (disapproved hides it from users). */
  reviewStatus?: "approved" | "disapproved";
  /** In flaggedAt order. */
  flags: FlagRecord[];
};

export type FriendRecord = { status: "accepted"; addToConversations: boolean; createdAt: number };

export type EmulatorData = {
  users: Map<string, UserRecord>;
  /** Keyed by uid, then by token value. */
  tokens: Map<string, Map<string, AuthTokenRecord>>;
  /** Sorted by createdAt, newest first. */
  apiKeys: ApiKeyRecord[];
  apiKeysByValue: Map<string, ApiKeyRecord>;
  messages: Map<string, MessageRecord>;
  groups: Map<string, GroupRecord>;
  /** Keyed by uid, then by friend uid; stored both ways. */
  friends: Map<string, Map<string, FriendRecord>>;
  nextMessageId: number;
};

export const conversationIdOf = (sender: string, receiver: string) => `${sender}_user_${receiver}`;
export const groupConversationIdOf = (guid: string) => `group_${guid}`;
