import "server-only";
import { log } from "@/lib/log";

/**
 * For a page's server read of data its browser queries also fetch: a failure is logged and the
 * read answers undefined, so the page renders and the browser's query asks again and shows the
 * error with Retry. `what` names the data in the log line.
 */
export const leftToBrowser =
  (what: string) =>
  (error: unknown): undefined => {
    log().warn({ err: error }, `${what} could not be prepared with the page; the browser fetches them`);
    return undefined;
  };
