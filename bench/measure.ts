import { z } from "zod";
import type { Pinning } from "./cpu-pinning";
import type { EmulatorProcess } from "./emulator-process";
import { runLoad, runLoads, type LoadRequest, type LoadResult, type LoadSpec } from "./load";
import { readRss, type RssSampler } from "./rss";
import { CLIENTS, type RouteName, type Row, type ShareRow, type Via } from "./results";
import { shareOfFloor, spreadOf } from "./spread";

export type Scenario = { route: RouteName; via: Via; label: string; request: LoadRequest };

const emulatorStatsSchema = z.object({ requests: z.object({ total: z.number(), byRoute: z.record(z.string(), z.number()) }) });

const progress = (message: string) => console.error(message);

/** One answer before the load: a wrong cookie or path must stop the run, not fill a table with 401s. */
export async function expectOk(request: LoadRequest): Promise<Response> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  if (!response.ok) throw new Error(`${request.method} ${request.url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Each scenario warmed up once, then measured at 1, 16 and 64 clients. */
export async function measureRows(scenarios: Scenario[], seconds: number, warmupSeconds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    await expectOk(scenario.request);
    if (warmupSeconds > 0) await runLoad(scenario.request, 16, { seconds: warmupSeconds });
    const cells: LoadResult[] = [];
    for (const clients of CLIENTS) {
      const result = await runLoad(scenario.request, clients, { seconds });
      progress(`${scenario.label} via ${scenario.via}, ${clients} clients: p50 ${result.medianMs.toFixed(2)} ms, ${Math.round(result.rps)} req/s`);
      cells.push(result);
    }
    rows.push({ route: scenario.route, via: scenario.via, request: scenario.label, cells });
  }
  return rows;
}

/** An instance's floor (its `GET /api/floor`, which does nothing) and the reads compared with it. */
export type ShareGroup = { floor: LoadRequest; reads: Scenario[]; pid: number };

/**
 * The reads' throughput at 64 clients as a share of their own instance's floor, in rounds: each
 * round measures, instance by instance, the floor and then its reads, each after a warm-up of its
 * own (the first cell of a process that sat idle ran slower). On two cores shared with the
 * load generator and the emulator one 5-second cell varies by ±15 % from run to run, and two
 * instances of one build differ by as much (the one that has served less answers faster), so each
 * share is taken against the same process's floor of the same round, and the targets keep the
 * median of the rounds. While an instance is measured it has a core of its own (`pinning`).
 */
export async function measureShares(groups: ShareGroup[], rounds: number, seconds: number, warmupSeconds: number, pinning: Pinning): Promise<ShareRow[]> {
  const rows = groups.flatMap((group) => group.reads.map((read) => ({ route: read.route, via: read.via, request: read.label, floorRps: [] as number[], shares: [] as number[] })));
  for (let round = 1; round <= rounds; round++) {
    let index = 0;
    for (const group of groups) {
      await pinning.whilePinned(group.pid, async () => {
        if (warmupSeconds > 0) await runLoad(group.floor, 64, { seconds: warmupSeconds });
        const floorRps = (await runLoad(group.floor, 64, { seconds })).rps;
        for (const read of group.reads) {
          if (warmupSeconds > 0) await runLoad(read.request, 64, { seconds: warmupSeconds });
          const share = shareOfFloor((await runLoad(read.request, 64, { seconds })).rps, floorRps);
          progress(`round ${round}: ${read.label} via ${read.via}, 64 clients: ${(share * 100).toFixed(0)} % of its instance's floor, ${Math.round(floorRps)} req/s`);
          const row = rows[index++];
          row?.floorRps.push(floorRps);
          row?.shares.push(share);
        }
      });
    }
  }
  return rows.map((row) => {
    const spread = spreadOf(row.shares);
    return { ...row, median: spread.median, spread, floorSpread: spreadOf(row.floorRps) };
  });
}

/** How many calls to the chat service `reads` dashboard reads of the flagged list cause. */
export async function countUpstreamCalls(emulator: EmulatorProcess, request: LoadRequest, reads: number) {
  await emulator.control("stats/reset", {});
  const result = await runLoad(request, 16, { amount: reads });
  const stats = emulatorStatsSchema.parse(await emulator.control("stats"));
  return { reads: result.responses, seconds: result.seconds, upstreamCalls: stats.requests.byRoute["GET /moderation/flagged-messages"] ?? 0 };
}

/** Steady load with the RSS read at the start, halfway and at the end: memory that keeps growing is a leak. */
export async function soak(request: LoadRequest, pid: number, seconds: number) {
  const start = readRss(pid);
  let middle = start;
  const halfway = setTimeout(() => (middle = readRss(pid)), (seconds * 1000) / 2);
  const result = await runLoad(request, 16, { seconds });
  clearTimeout(halfway);
  return { result, rssBytes: { start, middle, end: readRss(pid) } };
}

/** The queue polled by many clients while a few others keep acting on items, for the same time. */
export async function loadRun(polls: LoadSpec, actions: LoadSpec[], seconds: number, sampler: RssSampler) {
  sampler.startWindow();
  const [result, acted] = await Promise.all([runLoads([polls], { seconds }), runLoads(actions, { seconds })]);
  return { result, actions: acted, peakRssBytes: sampler.windowPeak };
}
