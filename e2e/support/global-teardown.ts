import { existsSync, readFileSync } from "node:fs";
import { E2E } from "./e2e-config";
import { CONFIGURED_KEY } from "./configured-key";

/** After the whole run: the dashboard's own output (JSON log lines, Next's messages) never held the key. */
export default async function globalTeardown() {
  if (!existsSync(E2E.serverLog)) throw new Error(`the server log ${E2E.serverLog} was not written (is the web server e2e/support/web-server.ts?)`);
  const output = readFileSync(E2E.serverLog, "utf8");
  if (output.includes(CONFIGURED_KEY)) {
    const lines = output.split("\n").filter((line) => line.includes(CONFIGURED_KEY)).length;
    throw new Error(`The chat-service key appears in ${lines} line(s) of the dashboard's output (${E2E.serverLog}).`);
  }
}
