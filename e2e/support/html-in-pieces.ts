import http from "node:http";
import { E2E } from "./e2e-config";

const PAUSE_MS = 60;

/**
 * A loopback proxy in front of the dashboard that sends each page's header a part at a time,
 * pausing before every <div> in it, as a slow network or a busy server may: the browser can paint
 * between two parts. Everything else passes through unchanged. Same host as the dashboard, so the
 * signed-in cookies go with the requests.
 */
export async function htmlInPieces(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new URL(E2E.appUrl);
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      { host: app.hostname, port: app.port, path: request.url, method: request.method, headers: { ...request.headers, host: app.host, "accept-encoding": "identity" } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!String(answer.headers["content-type"]).startsWith("text/html")) return void answer.pipe(response);
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => void sendInPieces(Buffer.concat(chunks).toString("utf8"), response));
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The page's live stream would hold the server open.
        server.closeAllConnections();
      }),
  };
}

async function sendInPieces(html: string, response: http.ServerResponse) {
  const start = html.indexOf("<header");
  const end = html.indexOf("</header>", start);
  const cuts = start < 0 || end < 0 ? [] : [...html.slice(start, end).matchAll(/<div[\s>]/g)].map((match) => start + match.index);
  let sent = 0;
  for (const cut of cuts) {
    response.write(html.slice(sent, cut));
    sent = cut;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  response.end(html.slice(sent));
}
