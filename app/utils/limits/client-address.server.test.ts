import { describe, expect, test } from "vitest";
import { throttledClientOf, throttledNetworkOf } from "./client-address.server";

describe("throttledClientOf", () => {
  test("an IPv4 address is a client of its own", () => {
    expect(throttledClientOf("203.0.113.7")).toBe("203.0.113.7");
    expect(throttledClientOf("203.0.113.8")).toBe("203.0.113.8");
  });

  test("every address of one IPv6 /64 is one client, however it is written", () => {
    const client = throttledClientOf("2001:db8:1234:5678::1");
    expect(client).toBe("2001:db8:1234:5678::/64");
    for (const other of [
      "2001:db8:1234:5678:ffff:ffff:ffff:ffff",
      "2001:0DB8:1234:5678:0:0:0:abcd",
      "2001:db8:1234:5678::1%eth0",
      "2001:db8:1234:5678::192.0.2.1",
    ])
      expect(throttledClientOf(other), other).toBe(client);
    expect(throttledClientOf("2001:db8:1234:5679::1")).not.toBe(client);
    expect(throttledClientOf("::1")).toBe("0:0:0:0::/64");
  });

  test("an IPv4 address written as IPv6 is the IPv4 address", () => {
    expect(throttledClientOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("anything else is kept as it came", () => {
    expect(throttledClientOf("unknown")).toBe("unknown");
  });
});

describe("throttledNetworkOf", () => {
  test("an IPv4 address is counted with its /24, an IPv6 one with its /48", () => {
    expect(throttledNetworkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(throttledNetworkOf("::ffff:203.0.113.250")).toBe("203.0.113.0/24");
    expect(throttledNetworkOf("203.0.114.7")).toBe("203.0.114.0/24");
    expect(throttledNetworkOf("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(throttledNetworkOf("2001:0db8:1234:ffff::9")).toBe("2001:db8:1234::/48");
    expect(throttledNetworkOf("2001:db8:1235::1")).toBe("2001:db8:1235::/48");
    expect(throttledNetworkOf("unknown")).toBe("unknown");
  });
});
