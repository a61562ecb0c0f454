import "server-only";

const FIRST_BUFFER_BYTES = 64 * 1024;

/** A response's Content-Length when it declares a plain one; undefined otherwise. */
export function declaredContentLength(value: string | string[] | undefined): number | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && /^\d{1,15}$/.test(first) ? Number(first) : undefined;
}

/**
 * An answer's body (an undici response body: the chat service's, a media file's) copied into one
 * buffer as it arrives, sized by its Content-Length when it declares one and grown by doubling when
 * it does not (or lied). Holding every network chunk until the end and then a joined copy kept two
 * copies of a 12 MB flagged list in the C heap at once, and the heap kept that size after the call.
 * Past `maxBytes` it throws `tooLarge()`; leaving the loop closes the body, so nothing more is read.
 * The result is exactly the body's size: a kept answer (lib/chat/same-answers.ts) holds no more.
 */
export async function readCappedBody(body: AsyncIterable<Buffer>, options: { maxBytes: number; declared?: number; tooLarge: () => Error }): Promise<Buffer> {
  const { maxBytes } = options;
  let buffer = Buffer.allocUnsafe(Math.min(options.declared ?? FIRST_BUFFER_BYTES, maxBytes));
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) throw options.tooLarge();
    if (size + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(Math.max(2 * buffer.length, size + chunk.length), maxBytes));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size);
    size += chunk.length;
  }
  return size === buffer.length ? buffer : Buffer.copyBytesFrom(buffer, 0, size);
}
