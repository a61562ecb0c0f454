import "server-only";
import type { StaffSession } from "./session";

/**
 * Resolved staff sessions, per process, for a few seconds. Every API call checks the session; without
 * this each one costs a database round trip, the largest share of the dashboard's added latency.
 * Changes made in this process (sign-out, two-factor, role, disable) forget the entries they touch at
 * once; changes made elsewhere (another instance, the staff CLI) take effect within the TTL.
 */
export class SessionCache<T extends { id: string } | null> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<T>; userId?: string }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value for this session token, or the one `load` resolves (shared by concurrent callers). */
  get(token: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(token);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.ttlMs <= 0) return load();
    const value = load();
    this.entries.delete(token);
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(now);
    const entry: { expiresAt: number; value: Promise<T>; userId?: string } = { expiresAt: now + this.ttlMs, value };
    this.entries.set(token, entry);
    value.then(
      (resolved) => {
        entry.userId = resolved?.id;
      },
      // A failed lookup is not remembered: the next request asks the database again.
      () => this.entries.get(token) === entry && this.entries.delete(token),
    );
    return value;
  }

  forgetToken(token: string): void {
    this.entries.delete(token);
  }

  /** Forgets every session of one staff member, and every lookup still in flight (it may be theirs). */
  forgetUser(userId: string): void {
    for (const [token, entry] of this.entries) if (entry.userId === userId || !("userId" in entry)) this.entries.delete(token);
  }

  private evictExpiredOrOldest(now: number): void {
    for (const [token, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(token);
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
  }
}

// One per process (route bundles may evaluate this module more than once), so a forget reaches every reader.
const globalForSessions = globalThis as typeof globalThis & { __staffSessions?: SessionCache<StaffSession | null> };

export function staffSessionCache(ttlMs: number): SessionCache<StaffSession | null> {
  globalForSessions.__staffSessions ??= new SessionCache(ttlMs);
  return globalForSessions.__staffSessions;
}

/** Drops cached sessions after a change in this process: one token (sign-out) or one member's (role, disable). */
export function forgetStaffSessions(which: { token: string } | { userId: string }): void {
  const cache = globalForSessions.__staffSessions;
  if (!cache) return;
  if ("token" in which) cache.forgetToken(which.token);
  else cache.forgetUser(which.userId);
}
