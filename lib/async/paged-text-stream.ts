import "server-only";
import { log } from "@/lib/log";

/**
 * A download read a part at a time as the client takes it: `header` first, then each text `parts`
 * yields. The high-water mark of 0 means nothing is read before the first chunk is asked for; a
 * client that goes away ends `parts` (its reads stop); a part that fails ends the download with an
 * error, logged with `failure`, so a file that arrives whole is whole.
 */
export function pagedTextStream(header: string, parts: AsyncGenerator<string, void>, failure: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          if (header) return controller.enqueue(encoder.encode(header));
        }
        try {
          const part = await parts.next();
          if (part.done) return controller.close();
          if (part.value) controller.enqueue(encoder.encode(part.value));
        } catch (error) {
          log().error({ err: error }, failure);
          controller.error(error);
        }
      },
      async cancel() {
        await parts.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
