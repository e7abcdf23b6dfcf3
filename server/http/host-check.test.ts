import { describe, expect, it } from "vitest";
import { validHost } from "./host-check";

describe("validHost", () => {
  it("accepts names, IPv4 and bracketed IPv6 addresses, with a port from 1 to 65535", () => {
    for (const host of [
      "corvanta.example",
      "Corvanta.Example:443",
      "localhost:3000",
      "127.0.0.1",
      "127.0.0.1:65535",
      "[::1]",
      "[::1]:3301",
      "[2001:db8::8a2e:370:7334]:8080",
      "[::ffff:192.0.2.1]",
      "x",
      "my_host.internal",
      "example.com.",
    ]) {
      expect(validHost(host), host).toBe(host.toLowerCase());
    }
  });

  it("refuses what no URL can carry", () => {
    for (const host of [
      undefined,
      "",
      " ",
      "a b",
      "x:99999",
      "x:0",
      "x:",
      "x:-1",
      "[::1",
      "::1",
      "[::1]x",
      "[::g]",
      "[fe80::1%25eth0]",
      "999.999.999.999",
      "a/b",
      "x@y",
      "x?y",
      "x#y",
      "-x",
      "x\r\ny",
      "a".repeat(400),
    ]) {
      expect(validHost(host), JSON.stringify(host)).toBeUndefined();
    }
  });
});
