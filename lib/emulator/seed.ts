import { avatarFor } from "./avatar";
import { EMULATOR_API_KEYS } from "./keys";
import { createPrng, type Prng } from "./prng";
import type { ApiKeyRecord, AuthTokenRecord, EmulatorData, UserRecord } from "./records";
import { DAY, HOUR, MINUTE, seedMessages } from "./seed-messages";
import { groupAndMediaMessages, seedGroups } from "./seed-groups";
import { USER_SEEDS, type UserSeed } from "./seed-users";

const SEED = 0x0c0ffee;

const PLATFORMS = [
  { platform: "ios", userAgent: "ChatApp/4.2.1 (iPhone15,2; iOS 17.5.1)" },
  { platform: "android", userAgent: "ChatApp/4.2.0 (Pixel 8; Android 15)" },
  { platform: "web", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15" },
  { platform: "web", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36" },
] as const;

function emailOf(uid: string): string {
  const local = uid.replace(/[^a-z0-9]+/g, ".").replace(/^\.+|\.+$/g, "");
  return `${local || "user"}@example.com`;
}

function metadataOf(prng: Prng, seed: UserSeed): Record<string, unknown> | undefined {
  if (seed.metadata) return seed.metadata;
  if (!seed.plan && !prng.chance(0.4)) return undefined;
  return { "@private": { email: emailOf(seed.uid) }, ...(seed.plan ? { plan: seed.plan } : {}), locale: seed.locale };
}

function makeUser(prng: Prng, seed: UserSeed, index: number, now: number): UserRecord {
  const createdAt = seed.uid === "mallory" ? now - 12 * DAY - 5 * HOUR : now - prng.int(30 * DAY, 800 * DAY);
  const online = prng.chance(0.35);
  const lastActiveAt = Math.max(createdAt, online ? now - prng.int(0, 10 * MINUTE) : now - prng.int(HOUR, 20 * DAY));
  const metadata = metadataOf(prng, seed);
  return {
    uid: seed.uid,
    name: seed.name,
    ...(seed.link ? { link: seed.link } : {}),
    avatar: avatarFor(seed.name, index),
    // Every fifth user online reads `available`, as the real service's user list calls it.
    status: online ? (index % 5 === 0 ? "available" : "online") : "offline",
    role: seed.role,
    createdAt,
    updatedAt: createdAt + Math.floor((lastActiveAt - createdAt) * prng.next()),
    lastActiveAt,
    ...(metadata ? { metadata } : {}),
    ...(seed.tags ? { tags: [...seed.tags] } : {}),
  };
}

function makeTokens(prng: Prng, user: UserRecord, now: number): Map<string, AuthTokenRecord> {
  const tokens = new Map<string, AuthTokenRecord>();
  const count = prng.int(1, 3);
  for (let i = 0; i < count; i++) {
    const device = prng.pick(PLATFORMS);
    const createdAt = user.createdAt + Math.floor((now - user.createdAt) * prng.next());
    const authToken = `${user.uid}_${prng.hex(32)}`;
    tokens.set(authToken, {
      uid: user.uid,
      authToken,
      createdAt,
      updatedAt: createdAt,
      platform: device.platform,
      userAgent: device.userAgent,
      appInfo: { version: `4.${prng.int(0, 2)}.${prng.int(0, 9)}`, build: String(prng.int(1200, 1999)) },
    });
  }
  return tokens;
}

function makeApiKeys(now: number): ApiKeyRecord[] {
  return EMULATOR_API_KEYS.map((key, i) => ({
    apiKey: key.apiKey,
    name: key.name,
    scope: key.scope,
    createdAt: now - key.ageDays * DAY - ((i * 3571) % DAY),
  })).sort((a, b) => b.createdAt - a.createdAt);
}

/** Fresh emulator data. Every time is `now` minus a fixed offset, so the seed always looks recent. */
export function createSeed(now: number): EmulatorData {
  const prng = createPrng(SEED);
  const users = USER_SEEDS.map((seed, i) => makeUser(prng, seed, i, now));
  const apiKeys = makeApiKeys(now);
  const tokens = new Map(users.map((user) => [user.uid, makeTokens(prng, user, now)]));
  const direct = seedMessages(prng, users, now);
  const groups = seedGroups(now);
  // Their own PRNG and ids after the direct seed, so the direct seed stays exactly as it was.
  const more = groupAndMediaMessages(createPrng(SEED + 1), groups, now).map((draft, i) => ({ id: String(10_001 + direct.length + i), ...draft }));
  const messages = [...direct, ...more];
  return {
    users: new Map(users.map((user) => [user.uid, user])),
    tokens,
    apiKeys,
    apiKeysByValue: new Map(apiKeys.map((key) => [key.apiKey, key])),
    messages: new Map(messages.map((message) => [message.id, message])),
    groups: new Map(groups.map((group) => [group.guid, group])),
    friends: new Map(),
    nextMessageId: 10_001 + messages.length,
  };
}
