import "server-only";
import type { ChatClient, FlaggedListRequest } from "@/lib/chat/client";
import { ChatServiceError } from "@/lib/chat/errors";
import type { UnreadableItem } from "@/lib/chat/flagged-items";
import type { FlaggedMessage } from "@/lib/chat/schemas";

export type FlaggedPage = Awaited<ReturnType<ChatClient["listFlaggedMessages"]>>;
export type ListFlaggedPage = (request?: FlaggedListRequest) => Promise<FlaggedPage>;

/** Pages one sync reads at most, so a service that always says "one more" cannot hold the sync forever. */
export const MAX_FLAGGED_PAGES = 1000;

/** Called with each page's readable items as it arrives, so a long list is stored a page at a time, never held whole. */
export type OnFlaggedPage = (items: FlaggedMessage[]) => Promise<void>;

export type FlaggedPages = {
  /** Items read by this sync, readable or not. */
  seen: number;
  /** Items the list holds: the service's own count when it pages, else what one read returned. */
  listed: number;
  unreadable: UnreadableItem[];
  /** Pages read by this sync, and pages the list has (1 without paging). */
  pages: number;
  totalPages: number;
  /** The page size the service answered with, and how many items its last page held. */
  limit: number;
  lastCount: number;
  /** The service may hold items this sync did not receive: a full page without paging, or the page cap reached. */
  moreMayBeWaiting: boolean;
  /** The page the next rolling read takes after the first (null: the list is one page), and whether this sync reached the list's end. */
  nextWalkPage: number | null;
  reachedEnd: boolean;
  /** The service's words when it refused the configured page size (400), so the list was read at its own; null when it took it. */
  pageSizeRefused: string | null;
};

/**
 * How a sync reads the list: `whole` walks every page to the end (up to `maxPages`); `rolling` reads
 * the first page, where new flags come (the list is newest flag first), and one more page in turn,
 * page `next`, so every page is read once per round while each sync costs two calls at most;
 * `first` reads the first page alone and leaves the round at page `next` for a later sync.
 */
export type WalkPlan = { kind: "whole"; maxPages?: number } | { kind: "rolling" | "first"; next: number };

/**
 * The flagged list, handed to `onPage` a page at a time as it arrives (a long list is stored page by
 * page, never held whole). The real service documents a page size and no paging
 * (cometchat-real-service.md), so usually the first page is the list; when an answer carries
 * `meta.pagination` saying more pages exist, `plan` says which are read. Without paging, a full
 * page means more may be waiting there.
 */
export async function readFlaggedPages(list: ListFlaggedPage, onPage: OnFlaggedPage, plan: WalkPlan = { kind: "whole" }): Promise<FlaggedPages> {
  const first = await firstPage(list);
  const withoutLimit = first.refused !== null;
  let page = first.page;
  await onPage(page.data);
  let seen = page.data.length + page.unreadable.length;
  const unreadable = [...page.unreadable];
  let pages = 1;
  const totalPages = page.meta.pagination?.total_pages ?? 1;
  const listed = page.meta.pagination?.total ?? seen;
  // A service that ignores `page` answers the same page again: reading on would only repeat it.
  const read = async (number: number): Promise<boolean> => {
    const answer = await list({ page: number, withoutLimit });
    pages++;
    if (answer.meta.pagination?.current_page !== number) return false;
    page = answer;
    await onPage(page.data);
    seen += page.data.length + page.unreadable.length;
    unreadable.push(...page.unreadable);
    return true;
  };
  let next = nextPage(page);
  if (plan.kind === "whole") {
    const maxPages = plan.maxPages ?? MAX_FLAGGED_PAGES;
    while (next !== undefined && pages < maxPages && (await read(next))) next = nextPage(page);
  } else if (plan.kind === "rolling" && next !== undefined) {
    const turn = roundAt(plan, totalPages);
    next = (await read(turn)) ? nextPage(page) : turn;
  }
  const { limit, count } = page.meta.current;
  const paged = page.meta.pagination?.total_pages !== undefined;
  const reachedEnd = next === undefined;
  return {
    seen,
    listed,
    unreadable,
    pages,
    totalPages,
    limit,
    lastCount: count,
    moreMayBeWaiting: (plan.kind === "whole" && !reachedEnd) || (!paged && count >= limit),
    nextWalkPage: totalPages <= 1 ? null : plan.kind === "first" ? roundAt(plan, totalPages) : reachedEnd ? 2 : (page.meta.pagination?.current_page ?? 1) + 1,
    reachedEnd,
    pageSizeRefused: first.refused,
  };
}

/** The page the round has reached; a list that shrank since starts its round again. */
const roundAt = (plan: { next: number }, totalPages: number) => (plan.next <= totalPages ? plan.next : 2);

/**
 * The first page at the configured size, or, when the service answers that with 400 (the size is
 * a guess at an undocumented parameter, and may be over its maximum), at the service's own size,
 * with the refusal kept so the sync's status can say so.
 */
async function firstPage(list: ListFlaggedPage): Promise<{ page: FlaggedPage; refused: string | null }> {
  try {
    return { page: await list(), refused: null };
  } catch (error) {
    if (!(error instanceof ChatServiceError && error.status === 400)) throw error;
    return { page: await list({ withoutLimit: true }), refused: error.message };
  }
}

function nextPage(page: FlaggedPage): number | undefined {
  const pagination = page.meta.pagination;
  if (!pagination || pagination.current_page === undefined || pagination.total_pages === undefined) return undefined;
  if (page.meta.current.count === 0 || pagination.current_page >= pagination.total_pages) return undefined;
  return pagination.current_page + 1;
}
