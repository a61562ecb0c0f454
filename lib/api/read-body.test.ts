import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { readJsonBody } from "./read-body";

/** A JSON request whose body stream delivers `first` and then fails with `error`, as Node's does when the client goes. */
function cutOff(first: string, error: Error): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      controller.error(error);
    },
  });
  return new Request("http://127.0.0.1/api/x", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
}

describe("readJsonBody", () => {
  it("answers a body cut off by the client going away as an incomplete request", async () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const error = await readJsonBody(cutOff('{"itemId":', aborted)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "ERR_BAD_REQUEST", message: "The request ended before its body did." });
  });

  it("passes any other failure of the body's stream on as it is", async () => {
    const broken = new Error("something else");
    await expect(readJsonBody(cutOff("{", broken))).rejects.toBe(broken);
  });

  it("reads a whole body", async () => {
    const request = new Request("http://127.0.0.1/api/x", { method: "POST", headers: { "content-type": "application/json" }, body: '{"itemId":"1"}' });
    expect(await readJsonBody(request)).toEqual({ itemId: "1" });
  });
});
