import net from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** The proxies whose X-Forwarded-For is believed: addresses and CIDR ranges, IPv4 and IPv6. */
export class TrustedProxies {
  private readonly list = new net.BlockList();
  private readonly empty: boolean;

  /** Parses entries such as `10.0.0.5`, `10.0.0.0/8` or `fd00::/8`; anything else is an error naming it. */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.trim().split('/');
      const family = net.isIP(address);
      const prefix = bits === undefined ? undefined : Number(bits);
      const maxBits = family === 6 ? 128 : 32;
      if (family === 0 || rest.length > 0 || (prefix !== undefined && (!/^\d+$/.test(bits ?? '') || prefix > maxBits))) {
        throw new Error(`Trusted proxies (SANDBOX_TRUSTED_PROXIES) take IP addresses and CIDR ranges (10.0.0.0/8, fd00::/8); not ${entry.trim() || '(empty)'}`);
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, prefix, type);
    }
    this.empty = entries.length === 0;
  }

  /** True when the address is one of the trusted proxies. */
  has(address: string): boolean {
    if (this.empty) return false;
    const family = net.isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** Splits `SANDBOX_TRUSTED_PROXIES` (addresses and CIDR ranges, comma separated); empty or unset trusts none. */
export function splitTrustedProxies(text: string | undefined): string[] {
  return (text ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
}

// A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d; the limits count it as the IPv4 address it is.
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/**
 * The client's address, as the limits count it (Rails' `request.remote_ip` with `trusted_proxies`): the socket's,
 * unless the socket is a trusted proxy; then the right-most X-Forwarded-For entry that is not a trusted proxy (entries
 * that are not IP addresses are skipped), or the left-most when all are. Never a header the client chose: a client that
 * connects directly cannot move itself to another address.
 */
export function clientAddress(c: Pick<Context<{ Bindings: Partial<HttpBindings> }>, 'env' | 'req'>, trusted: TrustedProxies): string {
  const socket = c.env?.incoming?.socket.remoteAddress;
  if (socket === undefined) return 'unknown';
  const peer = plain(socket);
  if (!trusted.has(peer)) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => plain(entry.trim()))
    .filter((entry) => net.isIP(entry) !== 0);
  const client = [...forwarded].reverse().find((entry) => !trusted.has(entry));
  return client ?? forwarded[0] ?? peer;
}
