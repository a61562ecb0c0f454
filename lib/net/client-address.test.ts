import { describe, expect, it } from "vitest";
import { clientAddress, hopAddress } from "./client-address";
import { trustProxySchema } from "./trust-proxy";

const trust = (value: string) => trustProxySchema.parse(value);

describe("the client's address", () => {
  it("is the socket's by default, whatever X-Forwarded-For says", () => {
    expect(clientAddress("::ffff:192.0.2.7", "203.0.113.9", trust(""))).toBe("192.0.2.7");
    expect(clientAddress("192.0.2.7", "203.0.113.9", trust("false"))).toBe("192.0.2.7");
  });

  it("behind one proxy (TRUST_PROXY=1) is the address that proxy appended, not one the client sent", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.1, 203.0.113.9", trust("1"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "198.51.100.1, 203.0.113.9", trust("2"))).toBe("198.51.100.1");
  });

  it("falls back to the last address known when the hop to believe is missing or malformed", () => {
    expect(clientAddress("10.0.0.2", "not-an-address", trust("1"))).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "", trust("1"))).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", undefined, trust("1"))).toBe("10.0.0.2");
    // Two hops trusted, one there: the hop that is there, not the proxy every client shares.
    expect(clientAddress("10.0.0.2", "203.0.113.9", trust("2"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "garbage, 203.0.113.9", trust("2"))).toBe("203.0.113.9");
  });

  it("reads a hop written with its port, in brackets, or in any IPv6 spelling, as one address", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.9:51234", trust("1"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "[2001:DB8:0:0::7]:443", trust("1"))).toBe("2001:db8::7");
    expect(clientAddress("10.0.0.2", "[2001:db8::7]", trust("1"))).toBe("2001:db8::7");
    expect(clientAddress("10.0.0.2", "::FFFF:203.0.113.9", trust("1"))).toBe("203.0.113.9");
    expect(hopAddress("fe80::1%eth0")).toBeNull();
    expect(hopAddress("203.0.113.9:99999")).toBeNull();
    expect(hopAddress("[203.0.113.9]:80")).toBe("203.0.113.9");
  });

  it("with a list of proxies skips trusted hops from the right and takes the first other address", () => {
    const proxies = trust("10.0.0.0/8, 2001:db8::/32");
    expect(clientAddress("10.0.0.2", "198.51.100.1, 203.0.113.9, 10.1.2.3", proxies)).toBe("203.0.113.9");
    expect(clientAddress("2001:db8::5", "203.0.113.9", proxies)).toBe("203.0.113.9");
    // A request straight from a client that is not a listed proxy: its header is not believed.
    expect(clientAddress("192.0.2.7", "203.0.113.9", proxies)).toBe("192.0.2.7");
    // A malformed hop behind the proxies: the last address known, not the proxy in front.
    expect(clientAddress("10.0.0.2", "garbage, 10.1.2.3", proxies)).toBe("10.1.2.3");
    expect(clientAddress("10.0.0.2", "10.1.2.3", proxies)).toBe("10.1.2.3");
  });

  it("refuses a TRUST_PROXY value that is neither a hop count nor addresses", () => {
    expect(trustProxySchema.safeParse("yes").success).toBe(false);
    expect(trustProxySchema.safeParse("10.0.0.0/40").success).toBe(false);
    expect(trustProxySchema.safeParse("99").success).toBe(false);
  });
});
