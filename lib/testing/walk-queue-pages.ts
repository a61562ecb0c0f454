import type { QueuePage, QueueResponse } from "../review/model/review-schemas";

/**
 * Every item of a view of the queue, gathered page by page as the browser walks it: `readPage`
 * answers one page for a cursor (null for the first). Shared by the unit and the browser tests.
 */
export async function walkQueuePages(readPage: (cursor: string | null) => Promise<QueuePage>): Promise<QueueResponse> {
  const whole: QueueResponse = { data: [], people: {}, reporters: {}, reasons: {} };
  let cursor: string | null = null;
  do {
    const page = await readPage(cursor);
    whole.data.push(...page.data);
    Object.assign(whole.people, page.people);
    Object.assign(whole.reporters, page.reporters);
    Object.assign(whole.reasons, page.reasons);
    cursor = page.next;
  } while (cursor);
  return whole;
}
