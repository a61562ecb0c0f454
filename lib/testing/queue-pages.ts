import { expect } from "vitest";
import type { QueuePage, QueueResponse, QueueSummary } from "@/lib/review/model/review-schemas";
import type { Harness } from "./harness";
import { walkQueuePages } from "./walk-queue-pages";

const routes = {
  queue: () => import("@/app/api/review/queue/route"),
  summary: () => import("@/app/api/review/queue/summary/route"),
};

/**
 * Every item of a view of the queue (all states unless `query` says otherwise), walking its pages
 * through the queue's own route as the browser does.
 */
export async function readWholeQueue(h: Pick<Harness, "call">, cookie: string, query: Record<string, string> = {}): Promise<QueueResponse> {
  const route = await routes.queue();
  return walkQueuePages(async (cursor) => {
    const response = await h.call(route, "GET", "/api/review/queue", { cookie, query: { state: "all", limit: "500", ...query, ...(cursor ? { cursor } : {}) } });
    expect(response.status).toBe(200);
    return (await response.json()) as QueuePage;
  });
}

/** The queue's summary (counts, overview, the sync's status) for a view, through its route. */
export async function readQueueSummary(h: Pick<Harness, "call">, cookie: string, query: Record<string, string> = {}): Promise<QueueSummary> {
  const response = await h.call(await routes.summary(), "GET", "/api/review/queue/summary", { cookie, query });
  expect(response.status).toBe(200);
  return (await response.json()) as QueueSummary;
}
