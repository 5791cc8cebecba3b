import { isIP } from 'node:net';
import { setting } from '@/lib/config/settings';

/**
 * The one owner of "which address is the client". Set by scripts/peer-address.mjs (loaded by
 * `npm start`) from the TCP socket, after deleting any copy the client sent. Next.js itself only
 * fills X-Forwarded-For when the request has none, so with no proxy in front the client would
 * choose its own address there; this header is the socket's, whatever the client writes.
 */
export const PEER_ADDRESS_HEADER = 'x-starloop-peer-address';
/** Set by the same hook in its process: without it (next dev) the header above is not trusted. */
export const PEER_HOOK_INSTALLED = Symbol.for('starloop.peerAddressHook');

/** TRUSTED_PROXY_HOPS: how many proxies in front of the app append to X-Forwarded-For (default 0). */
export function trustedProxyHops(): number {
  return setting('trustedProxyHops');
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The client's address, or undefined when it cannot be known (callers then use a shared bucket
 * or the account key: never "no limit"). With 0 trusted hops it is the socket's address; with N
 * it is the Nth X-Forwarded-For entry from the right (each proxy appends the address it saw, so
 * only the entries our own proxies wrote are trusted; the leftmost is whatever the client wrote).
 * X-Real-IP is never read: without a proxy that sets it, the client writes it.
 */
export function clientAddress(headers: HeaderSource | null | undefined, hops = trustedProxyHops()): string | undefined {
  if (!headers) return undefined;
  if (hops === 0) return (globalThis as Record<symbol, unknown>)[PEER_HOOK_INSTALLED] === true ? normalized(headers.get(PEER_ADDRESS_HEADER)) : undefined;
  const chain = (headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
  // Fewer entries than proxies: the request did not come through all of them; its entries are not ours.
  if (chain.length < hops) return undefined;
  return normalized(chain[chain.length - hops]);
}

/** A plain IPv4 or IPv6 address (IPv4-mapped IPv6 read as IPv4, so one client has one key). */
function normalized(value: string | null | undefined): string | undefined {
  let address = (value ?? '').trim();
  if (!address || address.length > 64) return undefined;
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : undefined;
}
