import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./control-access";

describe("isLoopbackAddress", () => {
  it("knows IPv4 and IPv6 loopback, also as a dual-stack listener reports them", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address)).toBe(true);
  });

  it("refuses every other address, and none", () => {
    for (const address of ["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "0.0.0.0", "::", "127.example", "", undefined]) expect(isLoopbackAddress(address)).toBe(false);
  });
});
