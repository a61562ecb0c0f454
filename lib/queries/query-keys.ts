import type { AuditFilter } from "@/lib/admin/audit-filter-url";

/** The one query-key factory: components never write a key literal. */
export const queryKeys = {
  review: {
    all: ["review"] as const,
    /** Every loaded list of the queue; `search` is the view as the URL's query (lib/review/model/queue-view.ts). */
    lists: () => [...queryKeys.review.all, "list"] as const,
    list: (search: string) => [...queryKeys.review.lists(), search] as const,
    /** `search` holds the view's filters only: the summary counts every tab. */
    summary: (search: string) => [...queryKeys.review.all, "summary", search] as const,
    counts: () => [...queryKeys.review.all, "counts"] as const,
    bulkJob: (id: number) => [...queryKeys.review.all, "bulk-job", id] as const,
    /** The saved views' counts: under review.all, as they change with the queue. */
    viewCounts: () => [...queryKeys.review.all, "view-counts"] as const,
    /** Requests to deactivate protected users: under review.all, as the overview shows them and a change to the queue announces them. */
    deactivationRequests: (uid?: string) => [...queryKeys.review.all, "deactivation-requests", uid ?? "all"] as const,
    /** The muted reporters: under review.all, as a colleague's mute or unmute changes the queue too. */
    mutedReporters: () => [...queryKeys.review.all, "muted-reporters"] as const,
  },
  // Not under review.all: a change to the queue (pushed, or this moderator's own) refetches
  // review.all, and the saved views do not change with it.
  savedViews: {
    all: ["savedViews"] as const,
    list: () => [...queryKeys.savedViews.all, "list"] as const,
  },
  users: {
    all: ["users"] as const,
    detail: (uid: string) => [...queryKeys.users.all, "detail", uid] as const,
    context: (uid: string) => [...queryKeys.users.all, "context", uid] as const,
    recent: () => [...queryKeys.users.all, "recent"] as const,
    search: (searchKey: string) => [...queryKeys.users.all, "search", searchKey] as const,
    protection: (uid: string) => [...queryKeys.users.all, "protection", uid] as const,
  },
  protectedUsers: {
    all: ["protectedUsers"] as const,
    list: () => [...queryKeys.protectedUsers.all, "list"] as const,
  },
  conversation: {
    all: ["conversation"] as const,
    /** `path` is the dashboard's conversation path with its query (one per flagged message). */
    around: (path: string) => [...queryKeys.conversation.all, "around", path] as const,
  },
  staff: {
    all: ["staff"] as const,
    list: () => [...queryKeys.staff.all, "list"] as const,
    signInDelays: () => [...queryKeys.staff.all, "sign-in-delays"] as const,
    directory: () => [...queryKeys.staff.all, "directory"] as const,
  },
  apiKeys: {
    all: ["apiKeys"] as const,
    list: (scope: string | null) => [...queryKeys.apiKeys.all, "list", scope ?? "all"] as const,
    summary: () => [...queryKeys.apiKeys.all, "summary"] as const,
  },
  health: {
    all: ["health"] as const,
    status: () => [...queryKeys.health.all, "status"] as const,
  },
  policies: {
    all: ["policies"] as const,
    list: () => [...queryKeys.policies.all, "list"] as const,
    /** The admins' reason map with every reason known. */
    reasons: () => [...queryKeys.policies.all, "reasons"] as const,
  },
  // Not under users.all: a decision changes a ledger, so the queue's mutations refresh these too.
  strikes: {
    all: ["strikes"] as const,
    ledger: (uid: string) => [...queryKeys.strikes.all, "ledger", uid] as const,
  },
  settings: {
    all: ["settings"] as const,
    team: () => [...queryKeys.settings.all, "team"] as const,
    /** The signed-in staff member's preferences: under settings.all, as the team's defaults are part of them. */
    mine: () => [...queryKeys.settings.all, "mine"] as const,
  },
  transparency: {
    all: ["transparency"] as const,
    summary: (from: string, to: string) => [...queryKeys.transparency.all, "summary", from, to] as const,
  },
  // Not under review.all: a sample waits for its second review whatever happens to the queue.
  quality: {
    all: ["quality"] as const,
    next: () => [...queryKeys.quality.all, "next"] as const,
    disputes: () => [...queryKeys.quality.all, "disputes"] as const,
  },
  // Read-only figures, refetched when the page is opened again or the span changes.
  queueHealth: {
    all: ["queueHealth"] as const,
    summary: (days: number) => [...queryKeys.queueHealth.all, "summary", days] as const,
  },
  audit: {
    all: ["audit"] as const,
    list: (filter: AuditFilter) => [...queryKeys.audit.all, "list", filter] as const,
    stats: (filter: AuditFilter) => [...queryKeys.audit.all, "stats", filter] as const,
  },
} as const;
