import { isIPv4, isIPv6 } from "node:net";

/**
 * A client as the throttles count it (sign-ins, registrations): an IPv4 address as it is; an IPv6
 * address by its /64, the block one host is given and can fill with addresses at will (counted
 * whole, each of them would be a fresh client); an IPv4 address written as IPv6 (`::ffff:1.2.3.4`,
 * as a dual-stack socket gives it) as the IPv4 address. Anything else (a proxy's header that holds
 * no address) as it is.
 */
export function throttledClientOf(address: string) {
  const bare = address.trim().toLowerCase().split("%")[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/**
 * The network a client's address belongs to, as the registration ceiling counts it: an IPv4 /24
 * or an IPv6 /48, what one holder easily has many addresses of (an office's block, a cloud
 * account's range). Anything that is no address, as it is.
 */
export function throttledNetworkOf(address: string) {
  const client = throttledClientOf(address);
  if (isIPv4(client)) return `${client.split(".").slice(0, 3).join(".")}.0/24`;
  if (client.endsWith("::/64")) return `${client.split(":").slice(0, 3).join(":")}::/48`;
  return client;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" filled in). */
function expandIPv6(address: string) {
  // An IPv4 tail (::1.2.3.4) is two groups.
  const withoutDots = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(
      ":",
    ),
  );
  const [head, tail] = withoutDots.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
