import { denormalizeItem } from "./denormalize";
import type { OverdueRule } from "./overdue";
import { queueOverview, utcDay, type QueueOverview } from "./overview-stats";
import { itemsInListOrder, searchableText, type QueueView } from "./queue-view";
import type { QueueItem, QueueResponse } from "./review-schemas";

/**
 * A queue with more items than this is not put in the page whole (each item is about 1 kB of
 * JSON, sent twice: in the page's data and its rows): the page gets its first rows instead.
 */
export const WHOLE_QUEUE_ITEMS = 500;

/**
 * The rows the server renders of the queue, a few screens' worth (components/queue/queue-list.tsx),
 * and so the items the page holds of a queue too large to hold whole.
 */
export const FIRST_ROWS = 20;

type Prepared = { items: QueueItem[]; haystacks: Map<string, string>; overview?: { day: number; value: QueueOverview } };

/**
 * A stored queue's items are the same array until the queue changes (lib/review/queue-snapshot.ts),
 * whichever answer of the chat service they are combined with (refreshQueue), and its people and
 * reasons change with them: they are prepared once per array, not once per answer.
 */
const prepared = new WeakMap<QueueResponse["data"], Prepared>();

function prepare(response: QueueResponse): Prepared {
  const known = prepared.get(response.data);
  if (known) return known;
  const items = response.data.map((item) => denormalizeItem(item, response.people, response.reasons));
  const fresh = { items, haystacks: new Map(items.map((item) => [item.id, searchableText(item)])) };
  prepared.set(response.data, fresh);
  return fresh;
}

function pick<T>(record: Record<string, T>, keys: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key)));
}

/**
 * The first FIRST_ROWS items a view shows, in an answer of the queue's own shape that holds only
 * them and the people and reasons they name (totals, limits and the upstream status unchanged).
 * The browser shows it while it fetches the whole queue, so the first rows are in the first HTML
 * without megabytes of data before them.
 */
export function queueFirstRows(response: QueueResponse, view: QueueView, meId: string, rule: OverdueRule): QueueResponse {
  const { items, haystacks } = prepare(response);
  const ids = new Set(itemsInListOrder(items, view, meId, haystacks, rule).slice(0, FIRST_ROWS).map((item) => item.id));
  const data = response.data.filter((item) => ids.has(item.id));
  const uids = new Set(data.flatMap((item) => [item.senderUid, item.receiverUid, ...item.flags.map((flag) => flag.uid)]));
  const reasonIds = new Set(data.flatMap((item) => item.flags.map((flag) => flag.reasonId)));
  return { ...response, data, people: pick(response.people, uids), reasons: pick(response.reasons, reasonIds) };
}

/** What the page gets of a queue too large to hold whole: the view's first rows and the whole queue's overview. */
export type FirstRows = { rows: QueueResponse; overview: QueueOverview };

export function queueFirst(response: QueueResponse, view: QueueView, meId: string, rule: OverdueRule): FirstRows {
  const known = prepare(response);
  const { fetchedAt } = response.upstream;
  // The overview reads the fetch time only for its day: one per queue and day, not per page view.
  if (known.overview?.day !== utcDay(fetchedAt)) known.overview = { day: utcDay(fetchedAt), value: queueOverview(known.items, fetchedAt) };
  return { rows: queueFirstRows(response, view, meId, rule), overview: known.overview.value };
}
