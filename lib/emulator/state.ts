import { EmulatorError, messageNotFound, uidNotFound } from "./errors";
import type { EmulatorKeyScope } from "./keys";
import { createPrng } from "./prng";
import { REASON_IDS, type ReasonId } from "./reasons";
import { conversationIdOf, type ApiKeyRecord, type AuthTokenRecord, type EmulatorData, type MessageRecord, type UserRecord } from "./records";
import { flaggedMessageJson } from "./serialize";
import { createSeed } from "./seed";
import { syntheticFlaggedMessage } from "./seed-messages";
import { REMARKS } from "./seed-texts";

/** The pinned-message limit per conversation (the value the contract reports). */
export const PIN_LIMIT = 5;
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

/** Numeric ids compare as numbers ("10001" < "9999999" is false as text). */
function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

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
  private flaggedCache: { version: number; limit: number; body: Buffer } | undefined;

  constructor(now: number) {
    this.data = createSeed(now);
    this.messageIds = [...this.data.messages.keys()];
    for (const message of this.data.messages.values()) if (message.flags.length > 0) this.flaggedIds.add(message.id);
  }

  readonly userOf = (uid: string): UserRecord => this.data.users.get(uid) ?? ghost(uid);

  requireUser(uid: string): UserRecord {
    const user = this.data.users.get(uid);
    if (!user) throw uidNotFound(uid);
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

  pinMessage(id: string, onBehalfOf: string | undefined, pinningEnabled: boolean, now: number): MessageRecord {
    const message = this.requireMessage(id);
    const actor = onBehalfOf === undefined ? undefined : this.requireUser(onBehalfOf);
    const role = actor?.role ?? APP_SYSTEM;
    const denied = `Permission denied: the action "pinMessage" is not allowed for role "${role}" by the app's access control policy`;
    if (!pinningEnabled) throw new EmulatorError(403, "ERR_PERMISSION_DENIED", `${denied} (pinned messages are disabled).`);
    if (ROLES_THAT_MAY_NOT_PIN.has(role)) throw new EmulatorError(403, "ERR_PERMISSION_DENIED", `${denied}.`);
    if (message.pinnedBy !== undefined) return message;
    const pinned = this.pinnedPerConversation.get(message.conversationId) ?? 0;
    if (pinned >= PIN_LIMIT) {
      throw new EmulatorError(
        400,
        "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED",
        `The conversation ${message.conversationId} has reached the limit of ${PIN_LIMIT} pinned messages.`,
      );
    }
    message.pinnedBy = actor?.uid ?? APP_SYSTEM;
    message.pinnedAt = now;
    this.pinnedPerConversation.set(message.conversationId, pinned + 1);
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
    const start = (query.page - 1) * query.perPage;
    const keys = matches.slice(start, start + query.perPage);
    return {
      keys,
      pagination: {
        total: matches.length,
        count: keys.length,
        per_page: query.perPage,
        current_page: query.page,
        total_pages: Math.max(1, Math.ceil(matches.length / query.perPage)),
      },
    };
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

  /** Only UIDs deactivated by this call are returned; unknown and already-deactivated ones are left out. */
  deactivateUsers(uids: readonly string[], now: number): string[] {
    const done: string[] = [];
    for (const uid of uids) {
      const user = this.data.users.get(uid);
      if (!user || user.deactivatedAt !== undefined) continue;
      user.deactivatedAt = now;
      done.push(uid);
    }
    if (done.length > 0) this.changed();
    return done;
  }

  /** Flagged messages, newest flag first (then id, highest first). */
  flaggedMessages(): MessageRecord[] {
    const list: MessageRecord[] = [];
    for (const id of this.flaggedIds) {
      const message = this.data.messages.get(id);
      if (message) list.push(message);
    }
    return list.sort((a, b) => latestFlagAt(b) - latestFlagAt(a) || compareIds(b.id, a.id));
  }

  /** The list response's JSON bytes, cached until the data changes: the queue is read far more often than written. */
  flaggedListBody(limit: number): Buffer {
    const cached = this.flaggedCache;
    if (cached && cached.version === this.version && cached.limit === limit) return cached.body;
    const items = this.flaggedMessages()
      .slice(0, limit)
      .map((message) => flaggedMessageJson(message, this.userOf));
    const body = Buffer.from(JSON.stringify({ data: items, meta: { current: { limit, count: items.length } } }));
    this.flaggedCache = { version: this.version, limit, body };
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

  addSyntheticFlaggedMessages(count: number, now: number): number {
    const uids = [...this.data.users.keys()];
    for (let i = 0; i < count; i++) {
      this.addMessage(syntheticFlaggedMessage(this.prng, uids, String(this.data.nextMessageId++), now));
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
    if (message.flags.length > 0) this.flaggedIds.add(message.id);
    this.changed();
  }

  private changed(): void {
    this.version++;
  }
}
