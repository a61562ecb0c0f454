import { chromium, errors, type BrowserContext } from "@playwright/test";
import { z } from "zod";
import { queueSummarySchema } from "@/lib/review/model/review-schemas";
import type { RunningDashboard } from "./dashboard-process";
import type { EmulatorProcess } from "./emulator-process";
import { percentile } from "./load";
import { installKeystrokeTimer, readFirstRowPaint, readKeystroke } from "./page-probes";
import type { BrowserResults, Distribution, FirstRowsRun, Tab } from "./results";

export type BrowserOptions = {
  chromiumPath: string;
  navigations: number;
  keystrokes: number;
  items: number;
  /** Starts a phase of the instances' memory samples (bench/rss.ts). */
  phase: (label: string) => void;
};

const PAINT_TIMEOUT_MS = 10_000;
/** A keystroke whose list has not changed by then is counted as unchanged, not timed. */
const KEYSTROKE_TIMEOUT_MS = 3_000;
/** Rare in names and texts, so each one narrows the list and its Backspace widens it again. */
const SEARCH_KEYS = "qzxjkvwyfb";

/** Under the dashboard's 16 MiB limit for one answer of the chat service (about 3.4 kB per synthetic message). */
const FILL_LIST_LIMIT = 3500;
const FILL_TIMEOUT_MS = 120_000;

const emulatorSettingsSchema = z.object({ settings: z.object({ flaggedLimit: z.number() }) });

const progress = (message: string) => console.error(message);

export function distribution(samples: number[]): Distribution {
  const sorted = Float64Array.from(samples).sort();
  return { samples, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
}

/** The dashboard's session cookie (`a=b; c=d`) as browser cookies for its own address. */
function sessionCookies(dashboard: RunningDashboard) {
  return dashboard.cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: dashboard.url };
  });
}

async function openItems(dashboard: RunningDashboard): Promise<number> {
  // Counted in the database: the queue's own answer holds its first page only.
  const url = `${dashboard.url}/api/review/queue/summary`;
  const init = { headers: { cookie: dashboard.cookie } };
  // Once more on a network error: a kept-alive connection may be closed by the server (after its
  // 5 s idle timeout) just as it is reused, and after the load run it has been idle about that long.
  const response = await fetch(url, init).catch(() => fetch(url, init));
  if (!response.ok) throw new Error(`GET /api/review/queue/summary answered ${response.status}`);
  const summary = queueSummarySchema.parse(await response.json());
  if (!summary.upstream.ok) throw new Error(`the dashboard could not read the chat service's flagged list: ${summary.upstream.message}`);
  return summary.totals.open;
}

/**
 * Fills the dashboard's queue to `items` open items the way real flags arrive: the emulator flags
 * new messages, the dashboard reads its list and keeps every message it receives. One list of
 * 5,000 is larger than the 16 MiB the dashboard accepts from the chat service, so it takes a few
 * rounds of lists of at most FILL_LIST_LIMIT (the newest by last flag; the synthetic ones are
 * spread over ten days, so each round adds most, not all, of its messages). The emulator's list
 * size is put back afterwards, so each page view then reads a list of the usual size.
 */
async function fillQueue(dashboard: RunningDashboard, emulator: EmulatorProcess, items: number): Promise<number> {
  const { settings } = emulatorSettingsSchema.parse(await emulator.control("settings"));
  await emulator.control("settings", { flaggedLimit: FILL_LIST_LIMIT });
  const deadline = Date.now() + FILL_TIMEOUT_MS;
  let open = await openItems(dashboard);
  try {
    while (open < items && Date.now() < deadline) {
      await emulator.control("seed/flagged-messages", { count: Math.min(FILL_LIST_LIMIT, Math.max(500, 2 * (items - open))) });
      // The background sync brings them in at its next round.
      for (let before = open; open === before && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        open = await openItems(dashboard);
      }
      progress(`  the dashboard holds ${open} open items`);
    }
  } finally {
    await emulator.control("settings", { flaggedLimit: settings.flaggedLimit });
  }
  return open;
}

/**
 * One warm-up navigation, then `navigations` full page loads of the queue, each timed from
 * navigation start to the first row painted: in one tab (each after about:blank, so nothing of the
 * previous page is reused), or each in a new tab.
 */
async function measureFirstRows(context: BrowserContext, dashboard: RunningDashboard, navigations: number, items: number, tab: Tab): Promise<FirstRowsRun> {
  const samples = { painted: [] as number[], responseStart: [] as number[], responseEnd: [] as number[], firstContentfulPaint: [] as number[] };
  let htmlBytes = 0;
  let inServerHtml = false;
  const shared = tab === "same" ? await context.newPage() : undefined;
  for (let i = 0; i <= navigations; i++) {
    const page = shared ?? (await context.newPage());
    try {
      if (shared) await page.goto("about:blank");
      const response = await page.goto(`${dashboard.url}/`, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`GET / answered ${response?.status() ?? "nothing"}`);
      const html = await response.text();
      htmlBytes = Buffer.byteLength(html);
      inServerHtml = html.includes("data-message-id=");
      const timing = await page.evaluate(readFirstRowPaint, PAINT_TIMEOUT_MS);
      if (i === 0) continue;
      for (const key of Object.keys(samples) as (keyof typeof samples)[]) samples[key].push(timing[key]);
    } finally {
      if (!shared) await page.close();
    }
  }
  await shared?.close();
  const painted = distribution(samples.painted);
  progress(`first rows painted, ${items} open items, ${tab} tab: p50 ${painted.medianMs.toFixed(0)} ms`);
  return {
    openItems: items,
    tab,
    htmlBytes,
    inServerHtml,
    painted,
    responseStart: distribution(samples.responseStart),
    responseEnd: distribution(samples.responseEnd),
    firstContentfulPaint: distribution(samples.firstContentfulPaint),
  };
}

/** Alternates a narrowing letter and Backspace in the search box, timing each from keydown to the changed list painted. */
async function measureKeystrokes(context: BrowserContext, dashboard: RunningDashboard, keystrokes: number, items: number): Promise<BrowserResults["keystroke"]> {
  const page = await context.newPage();
  try {
    await page.goto(`${dashboard.url}/`, { waitUntil: "load" });
    // The list is named with the view's count, written with thousands separators ("5,106").
    await page.getByRole("list", { name: /^Flagged messages \([\d,]+\)$/ }).waitFor();
    // The virtualized list's and the charts' code load after the page: typing starts once they are in.
    await page.waitForLoadState("networkidle");
    await page.evaluate(installKeystrokeTimer);
    await page.getByRole("searchbox", { name: /Search messages/ }).focus();
    const updated: number[] = [];
    let unchanged = 0;
    for (let n = 1; n <= keystrokes; n++) {
      const key = n % 2 === 1 ? (SEARCH_KEYS[((n - 1) / 2) % SEARCH_KEYS.length] ?? "q") : "Backspace";
      await page.keyboard.press(key);
      const duration = await page
        .waitForFunction(readKeystroke, n, { timeout: KEYSTROKE_TIMEOUT_MS })
        .then((handle) => handle.jsonValue())
        // A keystroke that did not change the list is counted as such; any other failure stops the run.
        .catch((error: unknown) => {
          if (error instanceof errors.TimeoutError) return null;
          throw error;
        });
      if (duration === null) unchanged += 1;
      else updated.push(duration);
      // Lets effects and the virtualizer's measuring settle, as between a person's keystrokes.
      await page.waitForTimeout(150);
    }
    progress(`keystroke to list painted, ${items} open items: p50 ${distribution(updated).medianMs.toFixed(1)} ms (${unchanged} unchanged)`);
    return { openItems: items, keystrokes, unchanged, updated: distribution(updated) };
  } finally {
    await page.close();
  }
}

/**
 * The browser half of the benchmark, in headless Chromium against a running dashboard (the
 * cached instance: the read cache is on, so most navigations reuse the chat service's last
 * answer, and static files come from the browser's cache after the warm-up navigation): the
 * first rows painted with the queue as it is, then again with `items` open items, and keystrokes
 * in the search box with those items. Leaves the emulator holding the added messages.
 */
export async function measureBrowser(dashboard: RunningDashboard, emulator: EmulatorProcess, options: BrowserOptions): Promise<BrowserResults> {
  const browser = await chromium
    .launch({
      executablePath: options.chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    })
    .catch((error: unknown) => {
      throw new Error(`Chromium at ${options.chromiumPath} did not start (set CHROMIUM_PATH, or skip this section with --browser 0): ${String(error)}`);
    });
  try {
    const context = await browser.newContext();
    await context.addCookies(sessionCookies(dashboard));
    const bothTabs = async (items: number) => [
      await measureFirstRows(context, dashboard, options.navigations, items, "same"),
      await measureFirstRows(context, dashboard, options.navigations, items, "new"),
    ];
    options.phase("browser: first rows");
    const firstRows = await bothTabs(await openItems(dashboard));
    options.phase("browser: filling the queue");
    progress(`filling the queue to ${options.items} open items through the emulator…`);
    const held = await fillQueue(dashboard, emulator, options.items);
    if (held < options.items) throw new Error(`the dashboard holds ${held} open items, not ${options.items}, ${FILL_TIMEOUT_MS / 1000} s after the first were flagged`);
    options.phase(`browser: first rows at ${held} items`);
    firstRows.push(...(await bothTabs(held)));
    options.phase("browser: keystrokes");
    const keystroke = await measureKeystrokes(context, dashboard, options.keystrokes, held);
    return { chromium: browser.version(), firstRows, keystroke };
  } finally {
    await browser.close();
  }
}
