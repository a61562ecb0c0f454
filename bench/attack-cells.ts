import { request as httpRequest, type ClientRequest } from "node:http";
import type { QueueResponse } from "@/lib/review/model/review-schemas";
import { addSignedInModerators, type RunningDashboard } from "./dashboard-process";
import { runLoad } from "./load";
import type { AttackResults } from "./results";
import { RssSampler } from "./rss";

/** The two measurements (issue 19, items 1 and 3). */
export type AttackSettings = { signInBurstSeconds: number; floodSeconds: number };

const SIGN_IN_CLIENTS = 50;
const FLOOD_STREAMS = 200;
const FLOOD_POSTS_PER_SECOND = 50;
/** The server lets one staff member hold 10 streams: the flood's streams come from this many accounts. */
const FLOOD_ACCOUNTS = 20;

/**
 * /api/health at one client while 50 clients send wrong passwords as fast as they are answered:
 * password hashing must not take the cores the other requests need.
 */
async function signInBurst(dashboard: RunningDashboard, seconds: number): Promise<AttackResults["signInBurst"]> {
  const guess = {
    url: `${dashboard.url}/api/auth/sign-in/email`,
    method: "POST" as const,
    headers: { origin: dashboard.url, "content-type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-guess" }),
  };
  // Each route's first request loads its code: not part of what is measured.
  await fetch(`${dashboard.url}/api/health`).then((response) => response.arrayBuffer());
  await fetch(guess.url, { method: guess.method, headers: guess.headers, body: guess.body }).then((response) => response.arrayBuffer());
  const [health, signIns] = await Promise.all([
    runLoad({ url: `${dashboard.url}/api/health`, method: "GET", headers: {} }, 1, { seconds }),
    runLoad(guess, SIGN_IN_CLIENTS, { seconds }),
  ]);
  return { clients: SIGN_IN_CLIENTS, seconds, health, signInResponses: signIns.responses, signInSocketErrors: signIns.socketErrors };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An events stream whose response is never read. */
function openUnreadStream(url: string, cookie: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/api/review/events`, { headers: { cookie } }, (response) => {
      response.pause();
      if (response.statusCode === 200) resolve(request);
      else reject(new Error(`the events stream answered ${response.statusCode}`));
    });
    request.on("error", (error) => reject(error));
    request.end();
  });
}

/**
 * 200 events streams never read, while moderators report presence 50 times a second (each report
 * an event for every stream): the dashboard's RSS growth over its level before the streams opened.
 */
async function streamFlood(dashboard: RunningDashboard, seconds: number): Promise<AttackResults["streamFlood"]> {
  const cookies = await addSignedInModerators(dashboard, FLOOD_ACCOUNTS, "flood");
  const queue = await json<QueueResponse>(await fetch(`${dashboard.url}/api/review/queue`, { headers: { cookie: dashboard.cookie } }));
  const itemIds = queue.data.slice(0, 20).map((item) => item.id);
  if (itemIds.length < 2) throw new Error("the stream flood needs at least 2 queue items");

  const sampler = new RssSampler(dashboard.pid);
  const before = sampler.sample();
  const streams = await Promise.all(Array.from({ length: FLOOD_STREAMS }, (_, i) => openUnreadStream(dashboard.url, cookies[i % cookies.length] ?? "")));
  sampler.startWindow();
  const statuses = new Map<number, number>();
  let sent = 0;
  const posts: Promise<void>[] = [];
  const timer = setInterval(() => {
    const n = sent++;
    const post = fetch(`${dashboard.url}/api/review/presence`, {
      method: "POST",
      headers: { cookie: cookies[n % cookies.length] ?? "", origin: dashboard.url, "content-type": "application/json" },
      body: JSON.stringify({ itemId: itemIds[Math.floor(n / cookies.length) % itemIds.length] }),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      },
      () => void statuses.set(0, (statuses.get(0) ?? 0) + 1),
    );
    posts.push(post);
  }, 1000 / FLOOD_POSTS_PER_SECOND);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(timer);
  await Promise.all(posts);
  const end = sampler.sample();
  sampler.stop();
  for (const stream of streams) stream.destroy();
  return {
    streams: FLOOD_STREAMS,
    postsPerSecond: FLOOD_POSTS_PER_SECOND,
    seconds,
    presenceStatuses: Object.fromEntries([...statuses].map(([status, n]) => [String(status), n])),
    rssBytes: { before, peak: sampler.windowPeak, end },
  };
}

export async function measureAttacks(dashboard: RunningDashboard, settings: AttackSettings): Promise<AttackResults> {
  console.error(`attacks: ${SIGN_IN_CLIENTS} concurrent wrong-password sign-ins for ${settings.signInBurstSeconds} s, health measured…`);
  const burst = await signInBurst(dashboard, settings.signInBurstSeconds);
  console.error(`attacks: ${FLOOD_STREAMS} unread event streams and ${FLOOD_POSTS_PER_SECOND} presence reports/s for ${settings.floodSeconds} s…`);
  return { signInBurst: burst, streamFlood: await streamFlood(dashboard, settings.floodSeconds) };
}
