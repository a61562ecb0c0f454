/**
 * Code that runs inside the benchmark's Chromium pages. Each function is serialized by Playwright,
 * so it may use only its arguments and the page's globals.
 */

/**
 * When the first queue row's text was painted, in ms since navigation start, from the Element
 * Timing entry of the `elementtiming="queue-row"` text (components/queue/queue-item-row.tsx);
 * with the server's first and last byte (the rows are in the HTML, which starts once the server has
 * read the queue) and the first contentful paint beside it, which say where the time went.
 */
export function readFirstRowPaint(timeoutMs: number): Promise<{ painted: number; responseStart: number; responseEnd: number; firstContentfulPaint: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no queue row was painted within ${timeoutMs} ms of load`)), timeoutMs);
    new PerformanceObserver((list, observer) => {
      const row = list.getEntries().find((entry) => (entry as PerformanceEntry & { identifier: string }).identifier === "queue-row") as
        | (PerformanceEntry & { renderTime: number; loadTime: number })
        | undefined;
      if (!row) return;
      observer.disconnect();
      clearTimeout(timer);
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      resolve({
        painted: row.renderTime || row.loadTime,
        responseStart: navigation?.responseStart ?? 0,
        responseEnd: navigation?.responseEnd ?? 0,
        firstContentfulPaint: fcp?.startTime ?? 0,
      });
    }).observe({ type: "element", buffered: true });
  });
}

/**
 * Starts timing keystrokes: a capture listener marks each keydown at the event's own time stamp
 * (`key-<n>`), a MutationObserver notices the first change to the queue list after it (rows,
 * their count, or the list giving way to the empty state), and the frame after that change marks
 * `painted-<n>` and measures `keystroke-<n>`. A setTimeout queued from requestAnimationFrame runs
 * after that frame was painted. Changes to the search field itself are not the list's.
 */
export function installKeystrokeTimer(): void {
  const state = { n: 0, waiting: false };
  window.addEventListener(
    "keydown",
    (event) => {
      state.n += 1;
      state.waiting = true;
      performance.mark(`key-${state.n}`, { startTime: event.timeStamp });
    },
    { capture: true },
  );
  new MutationObserver((mutations) => {
    if (!state.waiting) return;
    const listChanged = mutations.some((m) => {
      const element = m.target instanceof Element ? m.target : m.target.parentElement;
      if (element?.closest('[role="list"]')) return true;
      return [...m.addedNodes, ...m.removedNodes].some((node) => node instanceof Element && (node.matches('[role="list"]') || node.querySelector('[role="list"]') !== null));
    });
    if (!listChanged) return;
    state.waiting = false;
    const n = state.n;
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(`painted-${n}`);
        performance.measure(`keystroke-${n}`, `key-${n}`, `painted-${n}`);
      }, 0),
    );
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** The measured duration of keystroke `n`, or null while it has not been painted. */
export function readKeystroke(n: number): number | null {
  return performance.getEntriesByName(`keystroke-${n}`, "measure")[0]?.duration ?? null;
}
