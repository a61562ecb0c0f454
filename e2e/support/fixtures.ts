import { test as base, expect, request as requestFactory, type APIRequestContext, type APIResponse, type BrowserContext } from "@playwright/test";
import { CONFIGURED_KEY } from "./configured-key";

/**
 * Every spec imports `test` and `expect` from here. An automatic fixture reads the body of every
 * response the dashboard gives during a test (pages, scripts, RSC payloads, API answers to the
 * browser and to API request contexts, in every browser context the test opens) and fails the test
 * if the chat-service key the dashboard uses appears in any of them.
 */

const needle = Buffer.from(CONFIGURED_KEY);

type Watch = { pending: Promise<void>[]; leaks: string[]; checked: number };
let current: Watch = { pending: [], leaks: [], checked: 0 };

function check(url: string, body: Buffer) {
  current.checked++;
  if (body.includes(needle)) current.leaks.push(url);
}

const watchedRequests = new WeakSet<APIRequestContext>();
const API_METHODS = ["fetch", "get", "post", "put", "patch", "delete", "head"] as const;

/** API request contexts have no response event: their methods are wrapped instead. */
function watchRequests(api: APIRequestContext): APIRequestContext {
  if (watchedRequests.has(api)) return api;
  watchedRequests.add(api);
  for (const method of API_METHODS) {
    const original = api[method].bind(api) as (...args: unknown[]) => Promise<APIResponse>;
    (api as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      check(response.url(), await response.body().catch(() => Buffer.alloc(0)));
      return response;
    };
  }
  return api;
}

const watchedContexts = new WeakSet<BrowserContext>();

function watchContext(context: BrowserContext): BrowserContext {
  if (watchedContexts.has(context)) return context;
  watchedContexts.add(context);
  context.on("response", (response) => {
    // An event stream (the queue's live updates) has no end to wait for; it carries only item ids and staff names.
    if (response.headers()["content-type"]?.startsWith("text/event-stream")) return;
    // Redirects and aborted loads have no body to read; everything else is checked.
    current.pending.push(response.body().then((body) => check(response.url(), body), () => undefined));
  });
  watchRequests(context.request);
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await Promise.all(current.pending);
    return close(...args);
  };
  return context;
}

// Specs that make their own API contexts from the module's `request` get watched too.
const newRequestContext = requestFactory.newContext.bind(requestFactory);
requestFactory.newContext = async (...args) => watchRequests(await newRequestContext(...args));

export const test = base.extend<{ keyNeverSent: void }, { watchedBrowser: void }>({
  watchedBrowser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watchContext(await newContext(...args));
      await provide();
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, provide) => {
    await provide(watchContext(context));
    await Promise.all(current.pending);
  },
  request: async ({ request }, provide) => {
    await provide(watchRequests(request));
  },
  keyNeverSent: [
    async ({}, provide, testInfo) => {
      current = { pending: [], leaks: [], checked: 0 };
      await provide();
      await Promise.all(current.pending);
      testInfo.annotations.push({ type: "responses checked for the key", description: String(current.checked) });
      expect(current.leaks, "responses that contain the chat-service key").toEqual([]);
    },
    { auto: true },
  ],
});

/** How many response bodies the current test has had checked so far. */
export const responsesChecked = () => current.checked;

export { expect };
