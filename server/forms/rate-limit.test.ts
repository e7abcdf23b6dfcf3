import { describe, expect, it } from "vitest";
import { rateLimitBucket } from "./rate-limit";

describe("rateLimitBucket", () => {
  it("counts IPv4 addresses one by one, also when written as IPv4-mapped IPv6", () => {
    expect(rateLimitBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts an IPv6 client's whole /64 together, however the address is written", () => {
    const bucket = "2001:db8:1:2::/64";
    expect(rateLimitBucket("2001:db8:1:2::1")).toBe(bucket);
    expect(rateLimitBucket("2001:0DB8:0001:0002:abcd:ef01:2345:6789")).toBe(bucket);
    expect(rateLimitBucket("2001:db8:1:2:ffff::9%eth0")).toBe(bucket);
    expect(rateLimitBucket("2001:db8:1:3::1")).not.toBe(bucket);
    expect(rateLimitBucket("::1")).toBe("0:0:0:0::/64");
  });
});
