import { Writable } from "node:stream";
import { createLogger } from "@/lib/log";

/** A logger at `level` whose lines are kept in memory, one string per line written. */
export function captureLog(level = "info") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines, text: () => lines.join("") };
}
