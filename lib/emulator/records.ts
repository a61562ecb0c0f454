import type { EmulatorKeyScope } from "./keys";
import type { ReasonId } from "./reasons";

/** How the emulator stores things; the JSON the API answers with is built in serialize.ts. */

export type UserRecord = {
  uid: string;
  name: string;
  link?: string;
  avatar: string;
  status: "online" | "offline";
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

export type MessageRecord = {
  id: string;
  conversationId: string;
  sender: string;
  receiver: string;
  text: string;
  metadata: Record<string, unknown>;
  sentAt: number;
  updatedAt: number;
  pinnedBy?: string;
  pinnedAt?: number;
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
  /** Keyed by uid, then by friend uid; stored both ways. */
  friends: Map<string, Map<string, FriendRecord>>;
  nextMessageId: number;
};

export const conversationIdOf = (sender: string, receiver: string) => `${sender}_user_${receiver}`;
