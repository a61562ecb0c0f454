import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import type { QueuePage, StoredItem } from "@/lib/review/model/review-schemas";
import type { RunningDashboard } from "./dashboard-process";
import { pause, withDeadline } from "./deadline";
import type { EmulatorProcess } from "./emulator-process";
import { openEventStream } from "./event-stream";

/** The instances called directly (not through the round-robin), each with the admin's session; `appUrl` is the origin of writes. */
export type ProbeContext = { instances: RunningDashboard[]; appUrl: string; emulator: EmulatorProcess };

/** Times in ms of the probes that saw what they waited for, and how many waited in vain until their deadline. */
export type ProbeResult = { samples: number[]; missed: number; deadlineMs: number };

const NEW_FLAG_EVERY_MS = 15_000;
const NEW_FLAG_DEADLINE_MS = 30_000;
const NEW_FLAG_POLL_MS = 500;
const DECISION_EVERY_MS = 5_000;
const DECISION_DEADLINE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The first page of an instance's open queue in `sort` order: the default (priority) for the
 * decision probe, newest flag first for the new-flag probe, which is where a new flag lands; in
 * priority order a new flag from one flagger sits far below the first page of a large queue.
 */
async function readQueue(instance: RunningDashboard, sort?: "newest"): Promise<QueuePage> {
  const response = await fetch(`${instance.url}/api/review/queue${sort ? `?sort=${sort}` : ""}`, { headers: { cookie: instance.cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${instance.url}/api/review/queue answered ${response.status}`);
  return (await response.json()) as QueuePage;
}

/** ms from `started` until the instance's queue lists `id` (polled every 500 ms), or undefined at the deadline. */
async function listedAfter(instance: RunningDashboard, id: string, started: number): Promise<number | undefined> {
  while (performance.now() - started < NEW_FLAG_DEADLINE_MS) {
    const queue = await readQueue(instance, "newest").catch((error: unknown) => {
      console.error(`new-flag probe: reading ${instance.url}'s queue failed:`, error instanceof Error ? error.message : error);
      return undefined;
    });
    if (queue?.data.some((item) => item.id === id)) return performance.now() - started;
    await pause(NEW_FLAG_POLL_MS);
  }
  return undefined;
}

/**
 * Every 15 s until `until`: a new message is flagged at the chat service (the emulator), then each
 * instance's queue is read every 500 ms until it lists it. A sample is the slowest instance's time.
 */
export async function probeNewFlags(ctx: ProbeContext, until: number): Promise<ProbeResult> {
  const result: ProbeResult = { samples: [], missed: 0, deadlineMs: NEW_FLAG_DEADLINE_MS };
  for (let n = 1; Date.now() < until; n++) {
    const began = Date.now();
    const created = (await ctx.emulator.control("messages", { sender: "mallory", receiver: "ana-souza", text: `scale probe ${n}: buy followers now` })) as { data: { id: string } };
    const id = created.data.id;
    const flagged = await fetch(`${ctx.emulator.baseUrl}/messages/${id}/flagged`, {
      method: "POST",
      headers: { apikey: EMULATOR_DEMO_API_KEY, onbehalfof: "kenji-watanabe", "content-type": "application/json" },
      body: JSON.stringify({ reasonId: "spam" }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!flagged.ok) throw new Error(`flagging message ${id} at the emulator answered ${flagged.status}`);
    const started = performance.now();
    const times = await Promise.all(ctx.instances.map((instance) => listedAfter(instance, id, started)));
    if (times.some((time) => time === undefined)) result.missed++;
    else result.samples.push(Math.max(...(times as number[])));
    await pause(Math.max(0, Math.min(NEW_FLAG_EVERY_MS - (Date.now() - began), until - Date.now())));
  }
  return result;
}

/**
 * Every 5 s until `until`: claims an open item through instance 1 (with the version it read) and
 * times until the events streams of the other instances announce that item's change (the browser
 * then reads the queue again). Streams are opened first; a claim refused as stale takes the next item.
 */
export async function probeDecisions(ctx: ProbeContext, until: number): Promise<ProbeResult> {
  const result: ProbeResult = { samples: [], missed: 0, deadlineMs: DECISION_DEADLINE_MS };
  const [acting, ...others] = ctx.instances;
  if (!acting || others.length === 0) throw new Error("the decision probe needs at least two instances");
  let waiting: { id: string; seen: Set<number>; done: () => void } | undefined;
  const streams = await Promise.all(
    others.map((instance, k) =>
      openEventStream(`${instance.url}/api/review/events`, instance.cookie, (event, data) => {
        const ids = (data as { ids?: string[] | null }).ids;
        if (event !== "change" || !waiting || !ids?.includes(waiting.id)) return;
        waiting.seen.add(k);
        if (waiting.seen.size === others.length) waiting.done();
      }),
    ),
  );
  try {
    let candidates: StoredItem[] = [];
    while (Date.now() < until) {
      if (candidates.length === 0) {
        // An overloaded instance is a finding to report, not a reason to stop the run.
        const queue = await readQueue(acting).catch((error: unknown) => {
          console.error(`decision probe: reading ${acting.url}'s queue failed:`, error instanceof Error ? error.message : error);
          return undefined;
        });
        if (!queue) result.missed++;
        candidates = queue?.data.filter((item) => item.state === "open" && !item.assignee) ?? [];
      }
      // The oldest first: the moderators pick at random, mostly among the newest.
      const item = candidates.pop();
      if (!item) {
        await pause(DECISION_EVERY_MS);
        continue;
      }
      let done: () => void = () => undefined;
      const announced = new Promise<void>((resolve) => (done = resolve));
      waiting = { id: item.id, seen: new Set(), done };
      const started = performance.now();
      const claim = await fetch(`${acting.url}/api/review/items/${encodeURIComponent(item.id)}`, {
        method: "POST",
        headers: { cookie: acting.cookie, origin: ctx.appUrl, "content-type": "application/json" },
        body: JSON.stringify({ action: "claim", version: item.version }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch((error: unknown) => {
        console.error(`decision probe: claiming ${item.id} failed:`, error instanceof Error ? error.message : error);
        return undefined;
      });
      await claim?.arrayBuffer();
      if (!claim) result.missed++;
      else if (claim.ok) {
        const seen = await withDeadline(announced, DECISION_DEADLINE_MS, "decision announced").then(
          () => true,
          () => false,
        );
        if (seen) result.samples.push(performance.now() - started);
        else result.missed++;
      } else if (claim.status !== 409) throw new Error(`claiming ${item.id} through instance 1 answered ${claim.status}`);
      waiting = undefined;
      await pause(Math.max(0, Math.min(DECISION_EVERY_MS, until - Date.now())));
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  return result;
}
