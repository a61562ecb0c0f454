import { describe, expect, it } from "vitest";
import { freshShared } from "./fresh-shared";

/** A read whose answers the test releases one at a time; each answer is the value at the read's start. */
function controlledRead() {
  let value = 0;
  const started: { at: number; release: () => void; fail: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const at = value;
      started.push({ at, release: () => resolve(at), fail: reject });
    });
  return { read, started, write: () => (value += 1) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("freshShared", () => {
  it("costs two reads however many callers arrive during the first", async () => {
    const { read, started } = controlledRead();
    const shared = freshShared(read);
    const answers = Promise.all(Array.from({ length: 100 }, () => shared()));
    started[0]?.release();
    await tick();
    started[1]?.release();
    expect(await answers).toHaveLength(100);
    expect(started).toHaveLength(2);
  });

  it("gives a caller who arrives during a read the next read, shared with everyone else who waits, started after the first ends", async () => {
    const { read, started, write } = controlledRead();
    const shared = freshShared(read);
    const first = shared();
    write();
    const [second, third] = [shared(), shared()];
    await tick();
    expect(started).toHaveLength(1);
    started[0]?.release();
    expect(await first).toBe(0);
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.release();
    // Both saw the write made before they asked.
    expect([await second, await third]).toEqual([1, 1]);
  });

  it("passes a failure to the callers of that read only, and reads again for the next caller", async () => {
    const { read, started } = controlledRead();
    const shared = freshShared(read);
    const failing = shared();
    started[0]?.fail(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    const next = shared();
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.release();
    expect(await next).toBe(0);
  });

  it("still starts the queued read when the running one fails", async () => {
    const { read, started } = controlledRead();
    const shared = freshShared(read);
    const failing = shared();
    const queued = shared();
    started[0]?.fail(new Error("timeout"));
    await expect(failing).rejects.toThrow("timeout");
    await tick();
    started[1]?.release();
    expect(await queued).toBe(0);
  });
});
