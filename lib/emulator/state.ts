import { EmulatorError, messageNotFound, uidNotFound } from "./errors";
import type { EmulatorKeyScope } from "./keys";
import { createPrng } from "./prng";
import { REASON_IDS, type ReasonId } from "./reasons";
import { conversationIdOf, type GroupRecord, type ApiKeyRecord, type AuthTokenRecord, type EmulatorData, type MessageRecord, type UserRecord } from "./records";
import { flaggedMessageJson, type MessageContext } from "./serialize";
import { createSeed } from "./seed";
import { syntheticFlaggedMessage, syntheticGroupFlaggedMessage } from "./seed-messages";
import { REMARKS } from "./seed-texts";
import type { ListUsersQuery } from "./schemas";

/** The acting identity when no onBehalfOf header is sent. */
export const APP_SYSTEM = "app_system";
/** Roles whose access-control policy does not allow pinMessage. */
const ROLES_THAT_MAY_NOT_PIN: ReadonlySet<string> = new Set(["restricted"]);

export type TokenUpdate = { platform?: string; userAgent?: string; appInfo?: Record<string, unknown> };
export type ApiKeyQuery = { scope?: EmulatorKeyScope; searchKey?: string; page: number; perPage: number };
export type ApiKeyPage = {
  keys: ApiKeyRecord[];
  pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number };
};
export type FriendResults = Record<string, { success: boolean; message: string }>;
export type UserPatch = Partial<Pick<UserRecord, "name" | "link" | "avatar" | "metadata" | "tags" | "role" | "status">>;

/** Stands in for a user that is not stored, so a response can always be built. */
const ghost = (uid: string): UserRecord => ({ uid, name: uid, avatar: "", status: "offline", role: "default", createdAt: 0, updatedAt: 0, lastActiveAt: 0 });
const ghostGroup = (guid: string): GroupRecord => ({ guid, name: guid, icon: "", type: "public", owner: "", members: [], createdAt: 0 });

/** Numeric ids compare as numbers ("10001" < "9999999" is false as text). */
function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Whose messages a list-messages operation reads: a group's, a user's direct messages, or those between two users. */
export type ConversationOf = { group: string } | { user: string; with?: string };

function conversationKey(of: ConversationOf): string {
  if ("group" in of) return `group:${of.group}`;
  return of.with === undefined ? `user:${of.user}` : `pair:${[of.user, of.with].sort().join("\u0000")}`;
}

/** Every list a message is in (conversationKey's keys). */
function conversationKeys(message: MessageRecord): string[] {
  if (message.receiverType === "group") return [conversationKey({ group: message.receiver })];
  const { sender, receiver } = message;
  const parties = sender === receiver ? [sender] : [sender, receiver];
  return [...parties.map((user) => conversationKey({ user })), conversationKey({ user: sender, with: receiver })];
}

/** Where in an id-ordered list the messages after `id` begin (`exclusive`), or those at or after it. */
function firstAfter(list: readonly MessageRecord[], id: string, exclusive: boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareIds((list[middle] as MessageRecord).id, id);
    if (order < 0 || (exclusive && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The service leaves out a list of an answer that would be empty. */
function withoutEmptyLists<K extends string>(lists: Record<K, string[]>): Partial<Record<K, string[]>> {
  return Object.fromEntries(Object.entries<string[]>(lists).filter(([, uids]) => uids.length > 0)) as Partial<Record<K, string[]>>;
}

/** The review decisions the emulated service has received, by message id (for tests). */
export type ReviewedMessages = Record<string, "approved" | "disapproved">;

const latestFlagAt = (message: MessageRecord) => message.flags[message.flags.length - 1]?.flaggedAt ?? 0;

/**
 * The emulated app's data and the rules of the contract's operations. Every operation either
 * returns a record or throws an EmulatorError; the server turns both into HTTP.
 */
export class EmulatorState {
  readonly data: EmulatorData;
  /** Auto-flagging and synthetic messages draw from this, so a run is repeatable after a reset. */
  private readonly prng = createPrng(0xf1a6);
  private readonly flaggedIds = new Set<string>();
  private readonly messageIds: string[];
  private readonly pinnedPerConversation = new Map<string, number>();
  /** Bumped on every change; the cached flagged-list body is valid for one version. */
  private version = 0;
  private flaggedCache: { version: number; limit: number; page: number | undefined; body: Buffer } | undefined;
  /** Every message flagged since the order was last sorted (some maybe reviewed since), newest flag first; undefined once a flag is added. */
  private flaggedOrder: MessageRecord[] | undefined;

  /**
   * Each conversation's messages in id order, by who may list them (a group, a user, a pair of
   * users): the list-messages operations read one of these lists, as the service reads an index,
   * instead of every message of a 100,000-message scale run.
   */
  private readonly conversations = new Map<string, MessageRecord[]>();

  constructor(now: number) {
    this.data = createSeed(now);
    this.messageIds = [...this.data.messages.keys()];
    for (const message of this.data.messages.values()) {
      if (message.flags.length > 0) this.flaggedIds.add(message.id);
      for (const key of conversationKeys(message)) this.conversationList(key).push(message);
    }
    for (const list of this.conversations.values()) list.sort((a, b) => compareIds(a.id, b.id));
  }

  private conversationList(key: string): MessageRecord[] {
    let list = this.conversations.get(key);
    if (!list) this.conversations.set(key, (list = []));
    return list;
  }

  readonly userOf = (uid: string): UserRecord => this.data.users.get(uid) ?? ghost(uid);

  readonly groupOf = (guid: string): GroupRecord => this.data.groups.get(guid) ?? ghostGroup(guid);

  /** Where the seeded media is served (the emulator's own origin, set once it listens). */
  private mediaOrigin = "";

  /** Raw items put at the head of the flagged list as they are (tests of items the dashboard cannot read). */
  private rawFlaggedItems: unknown[] = [];

  get messageContext(): MessageContext {
    return { userOf: this.userOf, groupOf: this.groupOf, mediaOrigin: this.mediaOrigin };
  }

  setMediaOrigin(origin: string): void {
    this.mediaOrigin = origin;
    this.changed();
  }

  addRawFlaggedItem(item: unknown): void {
    this.rawFlaggedItems.push(item);
    this.changed();
  }

  requireGroup(guid: string): GroupRecord {
    const group = this.data.groups.get(guid);
    if (!group) throw new EmulatorError(404, "ERR_GUID_NOT_FOUND", `The group with GUID ${guid} does not exist.`);
    return group;
  }

  /**
   * A conversation's messages by id (ascending), as the list-messages operations page them: with
   * `id`, those before it (`affix` "prepend") or after it ("append"); without, the latest.
   */
  conversationMessages(conversation: ConversationOf, page: { id?: string; affix: "prepend" | "append"; limit: number }): MessageRecord[] {
    const all = this.conversations.get(conversationKey(conversation)) ?? [];
    if (page.id === undefined) return all.slice(-page.limit);
    const anchor = page.id;
    if (page.affix === "append") return all.slice(firstAfter(all, anchor, true)).slice(0, page.limit);
    return all.slice(0, firstAfter(all, anchor, false)).slice(-page.limit);
  }

  /** UIDs are stored in lower case and looked up in any case, as the service does. */
  requireUser(uid: string): UserRecord {
    const user = this.data.users.get(uid.toLowerCase());
    if (!user) throw uidNotFound(uid.toLowerCase());
    return user;
  }

  /** GET /users/{uid}: a deactivated user is 404, the same as one that never existed. */
  requireActiveUser(uid: string): UserRecord {
    const user = this.requireUser(uid);
    if (user.deactivatedAt !== undefined) throw uidNotFound(uid.toLowerCase());
    return user;
  }

  requireMessage(id: string): MessageRecord {
    const message = this.data.messages.get(id);
    if (!message) throw messageNotFound(id);
    return message;
  }

  apiKey(value: string): ApiKeyRecord | undefined {
    return this.data.apiKeysByValue.get(value);
  }

  pinMessage(id: string, onBehalfOf: string | undefined, pinningEnabled: boolean, pinLimit: number, now: number): MessageRecord {
    const message = this.requireMessage(id);
    const actor = onBehalfOf === undefined ? undefined : this.requireUser(onBehalfOf);
    const role = actor?.role ?? APP_SYSTEM;
    const denied = `Permission denied: the action "pinMessage" is not allowed for role "${role}" by the app's access control policy`;
    if (!pinningEnabled) throw new EmulatorError(403, "ERR_PERMISSION_DENIED", `${denied} (pinned messages are disabled).`);
    if (ROLES_THAT_MAY_NOT_PIN.has(role)) throw new EmulatorError(403, "ERR_PERMISSION_DENIED", `${denied}.`);
    // Pinning a pinned message succeeds and makes the latest pinner its pinner (the real service's rule); it still counts once.
    const repin = message.pinnedBy !== undefined;
    const pinned = this.pinnedPerConversation.get(message.conversationId) ?? 0;
    if (!repin && pinned >= pinLimit) {
      throw new EmulatorError(
        400,
        "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED",
        `The conversation ${message.conversationId} has reached the limit of ${pinLimit} pinned messages.`,
      );
    }
    message.pinnedBy = actor?.uid ?? APP_SYSTEM;
    message.pinnedAt = now;
    if (!repin) this.pinnedPerConversation.set(message.conversationId, pinned + 1);
    this.changed();
    return message;
  }

  updateAuthToken(uid: string, authToken: string, update: TokenUpdate, now: number): AuthTokenRecord {
    this.requireUser(uid);
    const token = this.data.tokens.get(uid)?.get(authToken);
    // The token itself is a credential, so the message does not repeat it.
    if (!token) throw new EmulatorError(404, "ERR_AUTH_TOKEN_NOT_FOUND", `The auth token does not exist for the UID ${uid}.`);
    if (update.platform !== undefined) token.platform = update.platform;
    if (update.userAgent !== undefined) token.userAgent = update.userAgent;
    if (update.appInfo !== undefined) token.appInfo = update.appInfo;
    token.updatedAt = now;
    this.changed();
    return token;
  }

  listApiKeys(query: ApiKeyQuery): ApiKeyPage {
    const needle = query.searchKey?.toLowerCase();
    const matches = this.data.apiKeys.filter(
      (key) => (query.scope === undefined || key.scope === query.scope) && (!needle || key.name.toLowerCase().includes(needle)),
    );
    const { items: keys, pagination } = pageOf(matches, query);
    return { keys, pagination };
  }

  addFriends(uid: string, accepted: readonly string[], addToConversations: boolean, now: number): FriendResults {
    this.requireUser(uid);
    // A null prototype keeps a UID such as "__proto__" an ordinary key of the answer.
    const results = Object.create(null) as FriendResults;
    for (const friend of accepted) {
      if (friend === uid) {
        results[friend] = { success: false, message: "A user cannot be their own friend." };
      } else if (!this.data.users.has(friend)) {
        results[friend] = { success: false, message: `The UID ${friend} does not exist.` };
      } else {
        const already = this.friendsOf(uid).has(friend);
        if (!already) {
          this.friendsOf(uid).set(friend, { status: "accepted", addToConversations, createdAt: now });
          this.friendsOf(friend).set(uid, { status: "accepted", addToConversations, createdAt: now });
        }
        results[friend] = { success: true, message: already ? `The UID ${friend} is already a friend of ${uid}.` : `The UID ${friend} is now a friend of ${uid}.` };
      }
    }
    this.changed();
    return results;
  }

  friendsOf(uid: string) {
    let friends = this.data.friends.get(uid);
    if (!friends) this.data.friends.set(uid, (friends = new Map()));
    return friends;
  }

  /** Each UID in one of three lists, as the live service answers; a list that would be empty is left out. */
  deactivateUsers(uids: readonly string[], now: number): Partial<Record<"deactivatedUids" | "alreadyDeactivatedUids" | "notFound", string[]>> {
    const lists = { deactivatedUids: [] as string[], alreadyDeactivatedUids: [] as string[], notFound: [] as string[] };
    for (const given of new Set(uids.map((uid) => uid.toLowerCase()))) {
      const user = this.data.users.get(given);
      if (!user) lists.notFound.push(given);
      else if (user.deactivatedAt !== undefined) lists.alreadyDeactivatedUids.push(given);
      else {
        user.deactivatedAt = now;
        lists.deactivatedUids.push(given);
      }
    }
    if (lists.deactivatedUids.length > 0) this.changed();
    return withoutEmptyLists(lists);
  }

  /** PUT /users: the reactivate twin of deactivateUsers. */
  reactivateUsers(uids: readonly string[]): Partial<Record<"reactivatedUids" | "nonDeactivatedUids" | "notFound", string[]>> {
    const lists = { reactivatedUids: [] as string[], nonDeactivatedUids: [] as string[], notFound: [] as string[] };
    for (const given of new Set(uids.map((uid) => uid.toLowerCase()))) {
      const user = this.data.users.get(given);
      if (!user) lists.notFound.push(given);
      else if (user.deactivatedAt === undefined) lists.nonDeactivatedUids.push(given);
      else {
        delete user.deactivatedAt;
        lists.reactivatedUids.push(given);
      }
    }
    if (lists.reactivatedUids.length > 0) this.changed();
    return withoutEmptyLists(lists);
  }

  /** GET /users: active users unless asked otherwise; searchKey is a prefix of the uid or the name. */
  listUsers(query: ListUsersQuery): { users: UserRecord[]; pagination: ApiKeyPage["pagination"] } {
    const needle = query.searchKey?.toLowerCase();
    const matches = [...this.data.users.values()].filter((user) => {
      const deactivated = user.deactivatedAt !== undefined;
      if (query.onlyDeactivated ? !deactivated : deactivated && !query.withDeactivated) return false;
      if (needle && !user.uid.startsWith(needle) && !user.name.toLowerCase().startsWith(needle)) return false;
      if (query.status === "offline") return user.status === "offline";
      if (query.status === "available") return user.status !== "offline";
      return true;
    });
    const { items: users, pagination } = pageOf(matches, query);
    return { users, pagination };
  }

  reviewedMessages(): ReviewedMessages {
    const reviewed: ReviewedMessages = {};
    for (const message of this.data.messages.values()) if (message.reviewStatus) reviewed[message.id] = message.reviewStatus;
    return reviewed;
  }

  /** PATCH /moderation/flagged-messages/{id}: the message leaves the flagged list for the reviewed one. Idempotent. */
  reviewFlaggedMessage(id: string, status: "approved" | "disapproved"): string {
    const message = this.requireMessage(id);
    message.reviewStatus = status;
    this.flaggedIds.delete(id);
    this.changed();
    return `Message with id ${id} has been unflagged successfully.`;
  }

  /** Flagged messages, newest flag first (then id, highest first). */
  flaggedMessages(): MessageRecord[] {
    // Sorting 100,000 messages on every decision made the list slow at scale: the order changes
    // only when a flag is added; a reviewed message is only left out.
    if (!this.flaggedOrder) {
      const list: MessageRecord[] = [];
      for (const id of this.flaggedIds) {
        const message = this.data.messages.get(id);
        if (message) list.push(message);
      }
      this.flaggedOrder = list.sort((a, b) => latestFlagAt(b) - latestFlagAt(a) || compareIds(b.id, a.id));
    }
    return this.flaggedOrder.filter((message) => this.flaggedIds.has(message.id));
  }

  /**
   * The list response's JSON bytes, cached until the data changes: the queue is read far more often
   * than written. `page` (from 1) asks for one page of a paged list, with `meta.pagination`.
   */
  flaggedListBody(limit: number, page?: number): Buffer {
    const cached = this.flaggedCache;
    if (cached && cached.version === this.version && cached.limit === limit && cached.page === page) return cached.body;
    const raw = this.rawFlaggedItems;
    const listed = this.flaggedMessages();
    const total = raw.length + listed.length;
    const start = ((page ?? 1) - 1) * limit;
    // Only the messages the answer holds are serialized, however long the list.
    const items = [
      ...raw.slice(start, start + limit),
      ...listed.slice(Math.max(0, start - raw.length), Math.max(0, start + limit - raw.length)).map((message) => flaggedMessageJson(message, this.messageContext)),
    ];
    const current = { limit, count: items.length };
    const pagination = { total, count: items.length, per_page: limit, current_page: page ?? 1, total_pages: Math.max(1, Math.ceil(total / limit)) };
    const body = Buffer.from(JSON.stringify({ data: items, meta: page === undefined ? { current } : { current, pagination } }));
    this.flaggedCache = { version: this.version, limit, page, body };
    return body;
  }

  flagMessage(id: string, uid: string, reasonId: ReasonId, remark: string, now: number): void {
    const message = this.requireMessage(id);
    this.requireUser(uid);
    if (message.flags.some((flag) => flag.uid === uid)) {
      throw new EmulatorError(400, "ERR_ALREADY_FLAGGED", `The UID ${uid} has already flagged the message ${id}.`);
    }
    const flag = { uid, reasonId, remark, flaggedAt: now };
    // Keep flaggedBy in flaggedAt order even if the clock was set back.
    const at = message.flags.findIndex((existing) => existing.flaggedAt > now);
    if (at === -1) message.flags.push(flag);
    else message.flags.splice(at, 0, flag);
    this.flaggedIds.add(id);
    this.flaggedOrder = undefined;
    this.changed();
  }

  createMessage(sender: string, receiver: string, text: string, now: number): MessageRecord {
    this.requireUser(sender);
    this.requireUser(receiver);
    const id = String(this.data.nextMessageId++);
    const message: MessageRecord = {
      id,
      conversationId: conversationIdOf(sender, receiver),
      sender,
      receiver,
      text,
      metadata: {},
      sentAt: now,
      updatedAt: now,
      flags: [],
    };
    this.addMessage(message);
    return message;
  }

  patchUser(uid: string, patch: UserPatch, now: number): UserRecord {
    const user = this.requireUser(uid);
    Object.assign(user, patch, { updatedAt: now });
    this.changed();
    return user;
  }

  /** `groupShare` of them (0..1, PRNG-chosen) are sent in one of the seeded groups, the rest between two users. */
  addSyntheticFlaggedMessages(count: number, now: number, groupShare = 0): number {
    const uids = [...this.data.users.keys()];
    const groups = [...this.data.groups.values()];
    for (let i = 0; i < count; i++) {
      const id = String(this.data.nextMessageId++);
      const inGroup = groupShare > 0 && groups.length > 0 && this.prng.chance(groupShare);
      this.addMessage(inGroup ? syntheticGroupFlaggedMessage(this.prng, this.prng.pick(groups), id, now) : syntheticFlaggedMessage(this.prng, uids, id, now));
    }
    return count;
  }

  /**
   * One new flag by a PRNG-chosen user on a PRNG-chosen message (half the time one already in the
   * queue). Returns the message id, or undefined when no eligible flagger was found.
   */
  autoFlag(now: number): string | undefined {
    for (let attempt = 0; attempt < 10; attempt++) {
      const pool = this.flaggedIds.size > 0 && this.prng.chance(0.5) ? [...this.flaggedIds] : this.messageIds;
      const message = this.data.messages.get(this.prng.pick(pool));
      if (!message) continue;
      const flaggers = [...this.data.users.values()].filter(
        (user) => user.uid !== message.sender && user.deactivatedAt === undefined && !message.flags.some((flag) => flag.uid === user.uid),
      );
      if (flaggers.length === 0) continue;
      const reasonId = this.prng.pick(REASON_IDS);
      this.flagMessage(message.id, this.prng.pick(flaggers).uid, reasonId, this.prng.pick(REMARKS[reasonId]), now);
      return message.id;
    }
    return undefined;
  }

  private addMessage(message: MessageRecord): void {
    this.data.messages.set(message.id, message);
    this.messageIds.push(message.id);
    for (const key of conversationKeys(message)) {
      const list = this.conversationList(key);
      list.splice(firstAfter(list, message.id, true), 0, message);
    }
    if (message.flags.length > 0) {
      this.flaggedIds.add(message.id);
      this.flaggedOrder = undefined;
    }
    this.changed();
  }

  private changed(): void {
    this.version++;
  }
}

/** One page of a list as the service's list operations answer it, with its `meta.pagination`. */
function pageOf<T>(matches: readonly T[], query: { page: number; perPage: number }): { items: T[]; pagination: ApiKeyPage["pagination"] } {
  const start = (query.page - 1) * query.perPage;
  const items = matches.slice(start, start + query.perPage);
  return {
    items,
    pagination: {
      total: matches.length,
      count: items.length,
      per_page: query.perPage,
      current_page: query.page,
      total_pages: Math.max(1, Math.ceil(matches.length / query.perPage)),
    },
  };
}
