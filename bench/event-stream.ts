import { withDeadline } from "./deadline";

export type EventStream = { close(): void };

/**
 * Reads a Server-Sent Events stream (GET, with the session `cookie`) and calls `onEvent` with each
 * event's name and parsed data until `close()`. Resolves once the stream answered 200.
 */
export async function openEventStream(url: string, cookie: string, onEvent: (event: string, data: unknown) => void, openTimeoutMs = 15_000): Promise<EventStream> {
  const controller = new AbortController();
  const response = await withDeadline(fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal }), openTimeoutMs, `opening ${url}`);
  if (response.status !== 200 || !response.body) {
    controller.abort();
    throw new Error(`${url} answered ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const dispatch = (frame: string) => {
    let event = "message";
    const data: string[] = [];
    for (const line of frame.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return;
    try {
      onEvent(event, JSON.parse(data.join("\n")));
    } catch (error) {
      console.error(`an event of ${url} was not JSON:`, error);
    }
  };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) console.error(`the events stream ${url} broke:`, error);
  });
  return { close: () => controller.abort() };
}
