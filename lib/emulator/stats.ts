/** Counts of /v3 requests, by route pattern ("GET /users/:uid"); unknown routes count as "unknown". */
export class RequestStats {
  private total = 0;
  private byRoute = new Map<string, number>();

  count(routeKey: string | undefined): void {
    this.total++;
    const key = routeKey ?? "unknown";
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }

  reset(): void {
    this.total = 0;
    this.byRoute.clear();
  }

  toJSON() {
    return { requests: { total: this.total, byRoute: Object.fromEntries(this.byRoute) } };
  }
}
