import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directText } from "@/lib/chat/fixtures/real-service-flagged";
import { startHarness, type Harness } from "@/lib/testing/harness";
import type { QueueResponse } from "@/lib/review/model/review-schemas";

/**
 * GET /api/media/{messageId}/{index} through the route wrapper, a real database and the emulator
 * in demo mode (its origin is the one trusted http/loopback origin). Odd media URLs reach the
 * dashboard the way a chat user would put them there: in a flagged message in the service's list.
 */
let h: Harness;
let moderator: string;
const routes = {
  media: () => import("@/app/api/media/[id]/[index]/route"),
  avatar: () => import("@/app/api/media/avatar/route"),
};
let items: QueueResponse["data"];

function imageItem(id: string, url: string, mimeType = "image/png") {
  return { ...directText, id, type: "image", data: { ...directText.data, text: undefined, url, attachments: [{ name: "x.png", extension: "png", size: 10, mimeType, url }] } };
}

async function media(id: string, index: string, opts: { cookie?: string; download?: boolean } = {}) {
  return h.call(await routes.media(), "GET", `/api/media/${id}/${index}`, {
    params: { id, index },
    query: opts.download ? { download: "1" } : {},
    cookie: opts.cookie ?? moderator,
  });
}

beforeAll(async () => {
  h = await startHarness();
  moderator = await h.cookieFor("moderator");
  const raw = (item: unknown) => fetch(`${h.emulator.url}/__emulator/flagged-messages/raw`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(item) });
  await raw(imageItem("m-fake", `${h.emulator.url}/media/fake.png`));
  await raw(imageItem("m-elsewhere", "https://evil.example/x.png"));
  await raw(imageItem("m-metadata", "http://169.254.169.254/latest/meta-data/"));
  await raw(imageItem("m-other-port", "http://127.0.0.1:1/x.png"));
  await fetch(`${h.emulator.url}/__emulator/settings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ flaggedLimit: 500 }) });
  await h.sync();
  items = (await readWholeQueue(h, moderator)).data;
});
afterAll(async () => h.close());

const idOf = (kind: string, name: string) => {
  const item = items.find((i) => "attachments" in i.content && i.content.kind === kind && i.content.attachments[0]?.name === name);
  if (!item) throw new Error(`no ${kind} ${name} in the queue`);
  return item.id;
};

describe("GET /api/media/{messageId}/{index}", () => {
  it("is for signed-in staff only", async () => {
    const response = await h.call(await routes.media(), "GET", "/api/media/x/0", { params: { id: "x", index: "0" } });
    expect(response.status).toBe(401);
  });

  it("serves an image from the emulator inline, never sniffed, sandboxed", async () => {
    const response = await media(idOf("image", "receipt.png"), "0");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await response.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
  });

  it("never shows an SVG inline; it downloads as an opaque attachment", async () => {
    const id = idOf("image", "drawing.svg");
    const inline = await media(id, "0");
    expect(inline.status).toBe(415);
    const download = await media(id, "0", { download: true });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="drawing.svg"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses inline a type outside the allow-list, and a page that claims to be a PNG", async () => {
    expect((await media(idOf("file", "terms.txt"), "0")).status).toBe(415);
    const fake = await media("m-fake", "0");
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { error: { message: string } }).error.message).toMatch(/not the image\/png it claims/);
  });

  it("refuses a host that is not configured, a link-local address and another loopback port", async () => {
    for (const id of ["m-elsewhere", "m-metadata", "m-other-port"]) {
      const response = await media(id, "0");
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("ERR_MEDIA_REFUSED");
    }
  });

  it("answers 404 for an attachment the message does not have, and 400 for a bad index", async () => {
    expect((await media(idOf("image", "receipt.png"), "3")).status).toBe(404);
    expect((await media("no-such-message", "0")).status).toBe(404);
    expect((await media(idOf("image", "receipt.png"), "-1")).status).toBe(400);
    expect((await media(idOf("image", "receipt.png"), "first")).status).toBe(400);
  });
});

describe("GET /api/media/avatar?url=… (avatars and group icons)", () => {
  const avatar = async (url: string, cookie: string | undefined = moderator) => h.call(await routes.avatar(), "GET", "/api/media/avatar", { query: { url }, cookie });

  it("is for signed-in staff only", async () => {
    expect((await avatar(`${h.emulator.url}/media/receipt.png`, "")).status).toBe(401);
  });

  it("serves a picture from a media host inline, never sniffed, sandboxed", async () => {
    const response = await avatar(`${h.emulator.url}/media/receipt.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("refuses a host that is not configured, a link-local address and another loopback port, as for message media", async () => {
    for (const url of ["https://evil.example/x.png", "http://169.254.169.254/latest/meta-data/", "http://127.0.0.1:1/x.png"]) {
      const response = await avatar(url);
      expect(response.status, url).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("ERR_MEDIA_REFUSED");
    }
  });

  it("answers images only: never an SVG, audio, or a page claiming to be a PNG", async () => {
    for (const name of ["drawing.svg", "voice-note.wav", "fake.png"]) expect((await avatar(`${h.emulator.url}/media/${name}`)).status, name).toBe(415);
  });

  it("refuses what is not an http(s) URL", async () => {
    expect((await avatar("javascript:alert(1)")).status).toBe(400);
    expect((await avatar(`https://a.example/${"x".repeat(3000)}`)).status).toBe(400);
  });
});
