/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * network. One subscriber usually holds a whole /64, so counting single IPv6 addresses would give
 * them 2^64 fresh addresses to spread guesses over. IPv4-mapped IPv6 counts as the IPv4 address.
 */
import { isIPv6 } from "node:net";

export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = lower.split("::");
  const left = head ? head.split(":") : [];
  const right = lower.includes("::") && tail ? tail.split(":") : [];
  // An embedded IPv4 tail (a:b::1.2.3.4) only touches the low 64 bits, which are dropped anyway.
  const groups = lower.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
