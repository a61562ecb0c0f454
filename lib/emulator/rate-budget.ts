/** What one request left of the minute's budget. */
export type BudgetUse = { allowed: boolean; limit: number; remaining: number; resetAt: number };

/**
 * The real service's per-app, per-minute request budget: every answer says the limit and what is
 * left; past it, 429 until the minute ends. Fixed windows on the emulator's clock (seconds).
 */
export class RateBudget {
  private windowStart = -1;
  private used = 0;

  take(now: number, limit: number): BudgetUse {
    const windowStart = Math.floor(now / 60) * 60;
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.used = 0;
    }
    const allowed = this.used < limit;
    if (allowed) this.used++;
    return { allowed, limit, remaining: Math.max(0, limit - this.used), resetAt: windowStart + 60 };
  }

  reset(): void {
    this.windowStart = -1;
    this.used = 0;
  }
}
