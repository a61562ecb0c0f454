import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EMULATOR_API_KEYS, EMULATOR_AUTH_ONLY_API_KEY, EMULATOR_DEMO_API_KEY } from "./keys";
import { REASON_IDS } from "./reasons";
import { createSeed } from "./seed";

const NOW = 1_750_000_000;
const DAY = 86_400;
const seed = createSeed(NOW);
const users = [...seed.users.values()];
const messages = [...seed.messages.values()];
const flagged = messages.filter((m) => m.flags.length > 0);
const isSeconds = (value: number) => Number.isInteger(value) && value > 1e9 && value < 1e11;

describe("seed users", () => {
  it("has at least 40 users with unique, readable uids", () => {
    expect(users.length).toBeGreaterThanOrEqual(40);
    const ordinary = users.filter((u) => u.uid !== "user with space" && u.uid !== "用户-42");
    expect(ordinary.length).toBe(users.length - 2);
    for (const user of ordinary) expect(user.uid).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(seed.users.has("ana-souza")).toBe(true);
    expect(seed.users.has("kenji-watanabe")).toBe(true);
  });

  it("includes exactly one uid with a space and one non-Latin uid", () => {
    expect(users.filter((u) => u.uid === "user with space")).toHaveLength(1);
    expect(users.filter((u) => u.uid === "用户-42")).toHaveLength(1);
  });

  it("spreads roles: mostly default, some vip and moderator, at least 3 restricted", () => {
    const count = (role: string) => users.filter((u) => u.role === role).length;
    expect(count("default")).toBeGreaterThan(users.length / 2);
    expect(count("vip")).toBeGreaterThan(0);
    expect(count("moderator")).toBeGreaterThan(0);
    expect(count("restricted")).toBeGreaterThanOrEqual(3);
    expect(count("default") + count("vip") + count("moderator") + count("restricted")).toBe(users.length);
  });

  it("gives every user a small SVG data-URI avatar, a status and a past createdAt", () => {
    for (const user of users) {
      expect(user.avatar).toMatch(/^data:image\/svg\+xml,%3Csvg/);
      expect(user.avatar.length).toBeLessThan(400);
      expect(user.avatar).not.toMatch(/[<>"\s]/);
      expect(["online", "available", "offline"]).toContain(user.status);
      expect(isSeconds(user.createdAt) && user.createdAt < NOW).toBe(true);
    }
    expect(["online", "available", "offline"].every((status) => users.some((u) => u.status === status))).toBe(true);
  });

  it("has links, metadata and tags on some users only", () => {
    const withLink = users.filter((u) => u.link !== undefined && u.uid !== "mallory");
    expect(withLink.length).toBeGreaterThan(0);
    for (const user of withLink) expect(user.link).toMatch(/^https:\/\//);
    expect(users.some((u) => u.metadata && "@private" in u.metadata)).toBe(true);
    expect(users.some((u) => u.metadata === undefined)).toBe(true);
    expect(users.some((u) => u.tags?.includes("beta"))).toBe(true);
    expect(users.some((u) => u.tags === undefined)).toBe(true);
  });

  it("has a hostile user for security tests", () => {
    const mallory = seed.users.get("mallory");
    expect(mallory?.link).toBe("javascript:alert(1)");
    expect(mallory?.name).toContain("<img src=x onerror=alert(1)>");
    expect(JSON.stringify(mallory?.metadata)).toContain("<script>");
    expect(decodeURIComponent(mallory?.avatar ?? "")).not.toContain("<img");
  });

  it("gives every user at least one auth token shaped <uid>_<32 hex> with device details", () => {
    for (const user of users) {
      const tokens = [...(seed.tokens.get(user.uid)?.values() ?? [])];
      expect(tokens.length).toBeGreaterThanOrEqual(1);
      for (const token of tokens) {
        expect(token.authToken.startsWith(`${user.uid}_`)).toBe(true);
        expect(token.authToken.slice(user.uid.length + 1)).toMatch(/^[0-9a-f]{32}$/);
        expect(token.platform).toBeTruthy();
        expect(token.userAgent).toBeTruthy();
        expect(Object.keys(token.appInfo).length).toBeGreaterThan(0);
        expect(isSeconds(token.createdAt)).toBe(true);
      }
    }
  });
});

describe("seed messages", () => {
  it("has at least 300 one-to-one messages with numeric string ids", () => {
    expect(messages.length).toBeGreaterThanOrEqual(300);
    const direct = messages.filter((m) => m.receiverType === undefined);
    expect(direct.length).toBeGreaterThanOrEqual(300);
    for (const message of messages) {
      expect(message.id).toMatch(/^[1-9][0-9]*$/);
      const group = message.receiverType === "group";
      expect(message.conversationId).toBe(group ? `group_${message.receiver}` : `${message.sender}_user_${message.receiver}`);
      expect(message.sender).not.toBe(message.receiver);
      expect(seed.users.has(message.sender) && (group ? seed.groups.has(message.receiver) : seed.users.has(message.receiver))).toBe(true);
      expect(isSeconds(message.sentAt) && message.sentAt < NOW).toBe(true);
      expect(message.updatedAt).toBeGreaterThanOrEqual(message.sentAt);
    }
  });

  it("has long and hostile texts", () => {
    expect(messages.filter((m) => m.text.length > 400).length).toBeGreaterThanOrEqual(3);
    const texts = messages.map((m) => m.text);
    expect(texts).toContain("<script>alert(1)</script>");
    expect(texts).toContain("<img src=x onerror=alert(1)>");
    expect(texts.some((t) => t.includes("javascript:"))).toBe(true);
  });

  it("starts with no pinned messages", () => {
    expect(messages.filter((m) => m.pinnedBy !== undefined || m.pinnedAt !== undefined)).toHaveLength(0);
  });
});

describe("seed flags", () => {
  it("has at least 60 flagged messages with 1 to 6 flags each, by distinct users other than the sender", () => {
    expect(flagged.length).toBeGreaterThanOrEqual(60);
    for (const message of flagged) {
      expect(message.flags.length).toBeGreaterThanOrEqual(1);
      expect(message.flags.length).toBeLessThanOrEqual(6);
      const flaggers = message.flags.map((f) => f.uid);
      expect(new Set(flaggers).size).toBe(flaggers.length);
      expect(flaggers).not.toContain(message.sender);
      for (const uid of flaggers) expect(seed.users.has(uid)).toBe(true);
    }
    expect(flagged.some((m) => m.flags.length === 6)).toBe(true);
  });

  it("uses the six reasons, keeps flags in flaggedAt order within the last 10 days, some remarks empty", () => {
    const flags = flagged.flatMap((m) => m.flags);
    expect(new Set(flags.map((f) => f.reasonId))).toEqual(new Set(REASON_IDS));
    for (const message of flagged) {
      const times = message.flags.map((f) => f.flaggedAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const at of times) {
        expect(Number.isInteger(at)).toBe(true);
        expect(at).toBeGreaterThanOrEqual(message.sentAt);
        expect(at).toBeGreaterThan(NOW - 10 * DAY);
        expect(at).toBeLessThanOrEqual(NOW);
      }
    }
    expect(flags.some((f) => f.remark === "")).toBe(true);
    expect(new Set(flags.map((f) => f.remark)).size).toBeGreaterThan(10);
  });

  it("has 4 or more repeat offenders", () => {
    const bySender = new Map<string, number>();
    for (const message of flagged) bySender.set(message.sender, (bySender.get(message.sender) ?? 0) + 1);
    expect([...bySender.values()].filter((n) => n >= 5).length).toBeGreaterThanOrEqual(4);
  });

  it("has a conversation with at least 7 flagged messages", () => {
    const byConversation = new Map<string, number>();
    for (const message of flagged) byConversation.set(message.conversationId, (byConversation.get(message.conversationId) ?? 0) + 1);
    expect(Math.max(...byConversation.values())).toBeGreaterThanOrEqual(7);
  });
});

describe("seed API keys", () => {
  it("has at least 8 keys in both scopes, 40 hex characters each, with names", () => {
    expect(seed.apiKeys.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seed.apiKeys.map((k) => k.scope))).toEqual(new Set(["fullAccess", "authOnly"]));
    for (const key of seed.apiKeys) {
      expect(key.apiKey).toMatch(/^[0-9a-f]{40}$/);
      expect(key.name.length).toBeGreaterThan(0);
    }
    expect(new Set(seed.apiKeys.map((k) => k.apiKey)).size).toBe(seed.apiKeys.length);
    expect(seed.apiKeysByValue.get(EMULATOR_DEMO_API_KEY)?.scope).toBe("fullAccess");
    expect(seed.apiKeysByValue.get(EMULATOR_AUTH_ONLY_API_KEY)?.scope).toBe("authOnly");
  });

  it("spreads createdAt over the last two years with one key older than a year", () => {
    for (const key of seed.apiKeys) expect(key.createdAt).toBeGreaterThan(NOW - 730 * DAY);
    expect(seed.apiKeys.some((k) => k.createdAt < NOW - 365 * DAY)).toBe(true);
    expect(EMULATOR_API_KEYS.some((k) => k.name === "Mobile login (auth only)" && k.scope === "authOnly")).toBe(true);
  });

  it("keeps keys.ts free of imports, since the dashboard bundles it", () => {
    const source = readFileSync(fileURLToPath(new URL("./keys.ts", import.meta.url)), "utf8");
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/require\(/);
  });
});

describe("determinism", () => {
  it("builds the same data for the same clock, and shifts every time with the clock", () => {
    expect(createSeed(NOW)).toEqual(seed);
    const later = createSeed(NOW + 1000);
    expect(later.messages.get("10001")?.sentAt).toBe((seed.messages.get("10001")?.sentAt ?? 0) + 1000);
    expect(later.users.get("ana-souza")?.createdAt).toBe((seed.users.get("ana-souza")?.createdAt ?? 0) + 1000);
    expect(later.messages.get("10001")?.text).toBe(seed.messages.get("10001")?.text);
  });
});
