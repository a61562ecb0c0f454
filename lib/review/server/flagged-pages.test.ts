import { describe, expect, it } from "vitest";
import type { FlaggedListRequest } from "@/lib/chat/client";
import { ChatServiceError } from "@/lib/chat/errors";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import { readFlaggedPages, type FlaggedPage, type WalkPlan } from "./flagged-pages";

const item = (id: string) => ({ id }) as FlaggedMessage;

/** Reads the pages and keeps what each handed over, in order. */
async function readAll(list: Parameters<typeof readFlaggedPages>[0], plan?: WalkPlan) {
  const handed: FlaggedMessage[][] = [];
  const read = await readFlaggedPages(list, async (items) => void handed.push(items), plan);
  return { ...read, handed, ids: handed.flat().map((m) => m.id) };
}

/** A service answering `pages` (lists of ids) of `limit`, with or without meta.pagination. */
function service(pages: string[][], limit: number, paged: boolean) {
  const asked: (number | undefined)[] = [];
  const list = async ({ page }: FlaggedListRequest = {}): Promise<FlaggedPage> => {
    asked.push(page);
    const index = (page ?? 1) - 1;
    const data = (pages[index] ?? []).map(item);
    const pagination = paged ? { current_page: index + 1, total_pages: pages.length, per_page: limit, total: pages.flat().length, count: data.length } : undefined;
    return { data, unreadable: [], meta: { current: { limit, count: data.length }, pagination } };
  };
  return { list, asked };
}

describe("reading the flagged list's pages", () => {
  it("asks once when the answer has no paging, and says more may be waiting after a full page", async () => {
    const full = service([["a", "b"]], 2, false);
    expect(await readAll(full.list)).toMatchObject({ ids: ["a", "b"], seen: 2, listed: 2, pages: 1, totalPages: 1, limit: 2, lastCount: 2, moreMayBeWaiting: true, nextWalkPage: null, reachedEnd: true });
    expect(full.asked).toEqual([undefined]);
    const partial = service([["a"]], 2, false);
    expect(await readAll(partial.list)).toMatchObject({ pages: 1, moreMayBeWaiting: false });
  });

  it("walks meta.pagination to the last page, handing over each page as it arrives", async () => {
    const paged = service([["a", "b"], ["c", "d"], ["e"]], 2, true);
    const read = await readAll(paged.list);
    expect(read.handed.map((page) => page.map((m) => m.id))).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(read).toMatchObject({ seen: 5, listed: 5, pages: 3, totalPages: 3, moreMayBeWaiting: false, nextWalkPage: 2, reachedEnd: true });
    expect(paged.asked).toEqual([undefined, 2, 3]);
  });

  it("reads the first page and one more in turn when rolling, each page once a round, and the first alone between", async () => {
    const paged = service([["a", "b"], ["c", "d"], ["e"]], 2, true);
    expect(await readAll(paged.list, { kind: "rolling", next: 2 })).toMatchObject({ ids: ["a", "b", "c", "d"], listed: 5, totalPages: 3, nextWalkPage: 3, reachedEnd: false, moreMayBeWaiting: false });
    expect(await readAll(paged.list, { kind: "rolling", next: 3 })).toMatchObject({ ids: ["a", "b", "e"], nextWalkPage: 2, reachedEnd: true });
    // A list that shrank below the page the round had reached starts the round again.
    expect(await readAll(paged.list, { kind: "rolling", next: 9 })).toMatchObject({ ids: ["a", "b", "c", "d"], nextWalkPage: 3 });
    expect(paged.asked).toEqual([undefined, 2, undefined, 3, undefined, 2]);
    // Between rolling reads, the first page alone, the round left where it was (or started again when the list shrank).
    expect(await readAll(paged.list, { kind: "first", next: 3 })).toMatchObject({ ids: ["a", "b"], nextWalkPage: 3, reachedEnd: false, moreMayBeWaiting: false });
    expect(await readAll(paged.list, { kind: "first", next: 9 })).toMatchObject({ nextWalkPage: 2 });
    expect(paged.asked.slice(6)).toEqual([undefined, undefined]);
    // A list without paging is the first page, whole, every time.
    const single = service([["a"]], 2, false);
    expect(await readAll(single.list, { kind: "rolling", next: 2 })).toMatchObject({ ids: ["a"], reachedEnd: true, nextWalkPage: null });
    expect(await readAll(single.list, { kind: "first", next: 2 })).toMatchObject({ ids: ["a"], reachedEnd: true, nextWalkPage: null });
    expect(single.asked).toEqual([undefined, undefined]);
  });

  it("stops at the page cap, and when the service answers the same page again, saying more may be waiting", async () => {
    const long = service([["a"], ["b"], ["c"], ["d"]], 1, true);
    expect(await readAll(long.list, { kind: "whole", maxPages: 2 })).toMatchObject({ pages: 2, moreMayBeWaiting: true, reachedEnd: false, nextWalkPage: 3 });
    expect(long.asked).toEqual([undefined, 2]);

    const deaf = service([["a"], ["b"]], 1, true);
    const ignoring = async ({ page }: FlaggedListRequest = {}) => deaf.list(page === undefined ? {} : { page: 1 });
    const read = await readAll(ignoring);
    expect(read.ids).toEqual(["a"]);
    expect(read.moreMayBeWaiting).toBe(true);
  });

  it("reads at the service's own page size when it refuses the configured one with 400, every page, and says so", async () => {
    const asked: FlaggedListRequest[] = [];
    const refusing = async (request: FlaggedListRequest = {}): Promise<FlaggedPage> => {
      asked.push(request);
      if (!request.withoutLimit) throw new ChatServiceError("listFlaggedMessages", 400, "ERR_BAD_REQUEST", "The limit must be at most 100.");
      const page = request.page ?? 1;
      const data = [item(`p${page}`)];
      return { data, unreadable: [], meta: { current: { limit: 50, count: 1 }, pagination: { current_page: page, total_pages: 2, per_page: 50, total: 2, count: 1 } } };
    };
    const read = await readAll(refusing);
    expect(read).toMatchObject({ ids: ["p1", "p2"], pages: 2, limit: 50, pageSizeRefused: "The limit must be at most 100." });
    expect(asked).toEqual([{}, { withoutLimit: true }, { page: 2, withoutLimit: true }]);
    expect((await readAll(service([["a"]], 2, false).list)).pageSizeRefused).toBeNull();
  });

  it("fails as before on any other refusal", async () => {
    const failing = async (): Promise<FlaggedPage> => {
      throw new ChatServiceError("listFlaggedMessages", 403, "AUTH_ERR_NO_ACCESS", "No access.");
    };
    await expect(readAll(failing)).rejects.toMatchObject({ code: "AUTH_ERR_NO_ACCESS" });
  });
});
