import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";
import { fetchMedia, type MediaPolicy, type Resolve } from "./fetch-media";

/**
 * A real media server on loopback. It is the policy's trusted origin (as the emulator is in demo
 * mode), so the happy path runs over real HTTP; every other host goes through the real checks,
 * with only name resolution injected so a name can be made to resolve anywhere.
 */
let server: Server;
let origin: string;
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/ok.png":
        res.writeHead(200, { "content-type": "image/png" }).end(PNG);
        return;
      case "/big":
        res.writeHead(200, { "content-type": "image/png", "content-length": "5000" }).end(Buffer.alloc(5000));
        return;
      case "/big-chunked":
        res.writeHead(200, { "content-type": "image/png" });
        res.write(Buffer.alloc(3000));
        res.end(Buffer.alloc(3000));
        return;
      case "/never":
        return; // never answers: only the deadline ends it
      case "/to":
        res.writeHead(302, { location: url.searchParams.get("u") ?? "/" }).end();
        return;
      case "/loop":
        res.writeHead(302, { location: "/loop" }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const policy = (patch: Partial<MediaPolicy> = {}): MediaPolicy => ({
  hosts: ["media.example", "*.cdn.example"],
  requireHttps: true,
  trustedOrigin: origin,
  maxBytes: 4096,
  timeoutMs: 2_000,
  ...patch,
});
const resolvesTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("the media fetch", () => {
  it("fetches from the trusted (emulator) origin over http", async () => {
    const media = await fetchMedia(`${origin}/ok.png`, policy());
    expect(media.contentType).toBe("image/png");
    expect(media.bytes.equals(PNG)).toBe(true);
  });

  it("refuses a host that is not configured", async () => {
    await expect(fetchMedia("https://evil.example/a.png", policy(), resolvesTo("93.184.216.34"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
    // A suffix entry matches subdomains only, not a look-alike.
    await expect(fetchMedia("https://notcdn.example/a.png", policy(), resolvesTo("93.184.216.34"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
  });

  it("refuses http outside demo mode, even from a configured host", async () => {
    await expect(fetchMedia("http://media.example/a.png", policy(), resolvesTo("93.184.216.34"))).rejects.toMatchObject({
      code: "ERR_MEDIA_REFUSED",
      message: expect.stringMatching(/https only/),
    });
  });

  it("refuses addresses with credentials", async () => {
    await expect(fetchMedia("https://user:pw@media.example/a.png", policy(), resolvesTo("93.184.216.34"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
  });

  for (const address of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "172.20.0.1", "192.168.1.1", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:10.0.0.1", "::ffff:7f00:1"]) {
    it(`refuses a configured host that resolves to ${address}`, async () => {
      await expect(fetchMedia("https://media.example/a.png", policy(), resolvesTo(address))).rejects.toMatchObject({
        code: "ERR_MEDIA_REFUSED",
        message: expect.stringMatching(/private or local address/),
      });
    });
  }

  it("refuses a host when any one of its addresses is private", async () => {
    await expect(fetchMedia("https://img.cdn.example/a.png", policy(), resolvesTo("93.184.216.34", "10.0.0.7"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
  });

  it("refuses a loopback address written as the host, other than the trusted origin", async () => {
    const port = Number(new URL(origin).port);
    const other = policy({ hosts: ["127.0.0.1", "[::1]"], requireHttps: false, trustedOrigin: `http://127.0.0.1:${port + 1}` });
    await expect(fetchMedia(`${origin}/ok.png`, other)).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
    await expect(fetchMedia(`http://[::1]:${port}/ok.png`, other)).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
  });

  it("checks every redirect: to a host resolving to a private address, and to loopback", async () => {
    const toPrivate = `${origin}/to?u=${encodeURIComponent("https://media.example/x.png")}`;
    await expect(fetchMedia(toPrivate, policy(), resolvesTo("10.0.0.5"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
    const toLoopback = `${origin}/to?u=${encodeURIComponent("http://localhost:9/x.png")}`;
    await expect(fetchMedia(toLoopback, policy({ hosts: ["localhost"], requireHttps: false }), resolvesTo("127.0.0.1"))).rejects.toMatchObject({ code: "ERR_MEDIA_REFUSED" });
  });

  it("follows a redirect within the rules", async () => {
    const media = await fetchMedia(`${origin}/to?u=%2Fok.png`, policy());
    expect(media.bytes.equals(PNG)).toBe(true);
  });

  it("stops after a few redirects", async () => {
    await expect(fetchMedia(`${origin}/loop`, policy())).rejects.toMatchObject({ code: "ERR_MEDIA_UNAVAILABLE", message: expect.stringMatching(/redirected more than 3/) });
  });

  it("refuses a body over the cap, whether announced or streamed", async () => {
    await expect(fetchMedia(`${origin}/big`, policy())).rejects.toMatchObject({ code: "ERR_MEDIA_TOO_LARGE" });
    await expect(fetchMedia(`${origin}/big-chunked`, policy())).rejects.toMatchObject({ code: "ERR_MEDIA_TOO_LARGE" });
  });

  it("gives up on a server that never answers when the configured time is up", async () => {
    await expect(fetchMedia(`${origin}/never`, policy({ timeoutMs: 200 }))).rejects.toMatchObject({ code: "ERR_MEDIA_TIMEOUT" });
  });

  it("gives up on a name that takes too long to resolve", async () => {
    const never: Resolve = () => new Promise(() => undefined);
    await expect(fetchMedia("https://media.example/a.png", policy({ timeoutMs: 100 }), never)).rejects.toMatchObject({ code: "ERR_MEDIA_TIMEOUT" });
  });

  it("answers a missing file as unavailable", async () => {
    await expect(fetchMedia(`${origin}/missing`, policy())).rejects.toMatchObject({ code: "ERR_MEDIA_UNAVAILABLE", message: expect.stringMatching(/HTTP 404/) });
  });
});

describe("public addresses", () => {
  it("lets public addresses through", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isPublicAddress(address)).toBe(true);
  });
  it("never something that is not an address", () => expect(isPublicAddress("media.example")).toBe(false));
});
