import { createPrng, type Prng } from "@/lib/emulator/prng";
import { REASON_IDS } from "@/lib/emulator/reasons";
// Not lib/queries/conversation: React Query cannot load under the react-server condition the benchmark runs with.
import { conversationPath } from "@/lib/queries/conversation-path";
import { DEFAULT_VIEW, queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";
import type { QueuePage, StoredItem } from "@/lib/review/model/review-schemas";
import { pause } from "./deadline";
import type { Recorder } from "./scale-recorder";

/** The queue page polls its JSON this often while its live stream is down (lib/queries/review.ts). */
export const POLL_EVERY_MS = 15_000;
const WORDS = ["free", "click", "money", "stupid", "link", "hate", "buy", "send"];

export type ModeratorRun = {
  /** The round-robin's address, which is also every instance's APP_URL (the origin of writes). */
  baseUrl: string;
  cookie: string;
  /** Date.now() at which the moderator stops. */
  until: number;
  recorder: Recorder;
  /** Each moderator's choices come from a PRNG of its own: the same run does the same things. */
  seed: number;
  /** When, from the phase's start, the moderator opens the page. */
  arrivesAfterMs: number;
};

/** Another view of the queue, as a moderator picks from the filter bar or types in the search box. */
function anotherView(prng: Prng, items: readonly StoredItem[]): Partial<QueueView> {
  switch (prng.int(0, 5)) {
    case 0:
      return { reason: prng.pick(REASON_IDS) };
    case 1:
      return { q: prng.pick(WORDS) };
    case 2:
      return items.length > 0 ? { sender: prng.pick(items).senderUid } : { q: prng.pick(WORDS) };
    case 3:
      return { tab: prng.pick(["escalated", "resolved", "dismissed", "all"] as const) };
    case 4:
      return { sort: prng.pick(["oldest", "flags", "overdue"] as const) };
    default:
      return { kind: prng.pick(["group", "direct"] as const) };
  }
}

/**
 * One simulated moderator until `until`: arrives, loads the queue page, polls the queue's JSON every 15 s
 * as the page does while its live stream is down (with the stream up it refetches after changes
 * instead, which is not simulated), and between pauses of 1-3 s changes the filter or search (the JSON the open
 * page asks for), opens an item (the
 * messages around it, and a presence report), or acts on it: claims then resolves or dismisses
 * it with the version it saw (a newer one is refused 409, counted apart), or pins it.
 */
export async function runModerator(run: ModeratorRun): Promise<void> {
  const { baseUrl, cookie, recorder } = run;
  const prng = createPrng(run.seed);
  const get = { headers: { cookie } };
  const post = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let items: StoredItem[] = [];
  let people: QueuePage["people"] = {};
  let nextPoll = 0;
  const poll = async () => {
    nextPoll = Date.now() + POLL_EVERY_MS;
    // The page polls its first page of rows and the summary (counts, overview) together.
    const [answer] = await Promise.all([recorder.send("poll", `${baseUrl}/api/review/queue`, get), recorder.send("poll", `${baseUrl}/api/review/queue/summary`, get)]);
    if (answer?.status !== 200) return;
    const queue = JSON.parse(answer.text) as QueuePage;
    items = queue.data.filter((item) => item.state === "open" && !item.assignee);
    people = queue.people;
  };

  await pause(Math.min(run.arrivesAfterMs, Math.max(0, run.until - Date.now())));
  await recorder.send("firstRows", `${baseUrl}/`, get);
  while (Date.now() < run.until) {
    if (Date.now() >= nextPoll) await poll();
    const roll = prng.next();
    const item = items.length > 0 ? prng.pick(items) : undefined;
    if (roll < 0.1) await recorder.send("firstRows", `${baseUrl}/`, get);
    else if (roll < 0.4 || !item) {
      // The open page applies a filter without a page load: it asks for the view's rows and summary (lib/queries/review.ts).
      const search = queueViewToSearch({ ...DEFAULT_VIEW, ...anotherView(prng, items) });
      await recorder.sendTogether("filter", [`${baseUrl}/api/review/queue${search}`, `${baseUrl}/api/review/queue/summary${search}`], get);
    }
    else if (roll < 0.8) {
      const sender = people[item.senderUid];
      const receiver = people[item.receiverUid];
      const opened = sender && (item.group || receiver) ? `${baseUrl}${conversationPath({ id: item.id, group: item.group, sender, receiver: receiver ?? sender })}` : undefined;
      await Promise.all([
        opened ? recorder.send("open", opened, get) : undefined,
        recorder.send("other", `${baseUrl}/api/review/presence`, post({ itemId: item.id })),
      ]);
    } else {
      items = items.filter((other) => other !== item);
      if (prng.chance(0.3)) await recorder.send("action", `${baseUrl}/api/messages/${encodeURIComponent(item.id)}/pin`, post({ version: item.version }));
      else {
        const claimed = await recorder.send("action", `${baseUrl}/api/review/items/${encodeURIComponent(item.id)}`, post({ action: "claim", version: item.version }));
        if (claimed?.status === 200) {
          const { version } = (JSON.parse(claimed.text) as { data: StoredItem }).data;
          await recorder.send("action", `${baseUrl}/api/review/items/${encodeURIComponent(item.id)}`, post({ action: prng.pick(["resolve", "dismiss"] as const), version }));
        }
      }
    }
    await pause(Math.min(prng.int(1000, 3000), Math.max(0, run.until - Date.now())));
  }
}
