import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER, PEER_HOOK_INSTALLED, clientAddress } from '@/lib/http/client-address';

const flags = globalThis as Record<symbol, unknown>;
const hookWasInstalled = flags[PEER_HOOK_INSTALLED];

afterEach(() => {
  flags[PEER_HOOK_INSTALLED] = hookWasInstalled;
});

const h = (values: Record<string, string>) => new Headers(values);

describe('clientAddress', () => {
  it('with 0 hops reads the socket header only, and only when the hook installed it', () => {
    const headers = h({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '7.7.7.7', [PEER_ADDRESS_HEADER]: '203.0.113.5' });
    flags[PEER_HOOK_INSTALLED] = undefined;
    expect(clientAddress(headers, 0)).toBeUndefined();
    flags[PEER_HOOK_INSTALLED] = true;
    expect(clientAddress(headers, 0)).toBe('203.0.113.5');
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6' }), 0)).toBeUndefined();
  });

  it('with N hops reads the Nth X-Forwarded-For entry from the right, never the client-written left', () => {
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6, 198.51.100.9' }), 1)).toBe('198.51.100.9');
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6,198.51.100.9 , 10.0.0.2' }), 2)).toBe('198.51.100.9');
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.9' }), 1)).toBe('198.51.100.9');
    // Fewer entries than proxies: the request did not pass through them all.
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.9' }), 2)).toBeUndefined();
    expect(clientAddress(h({}), 1)).toBeUndefined();
  });

  it('keeps plain addresses only, one form per client', () => {
    flags[PEER_HOOK_INSTALLED] = true;
    expect(clientAddress(h({ [PEER_ADDRESS_HEADER]: '::ffff:192.0.2.7' }), 0)).toBe('192.0.2.7');
    expect(clientAddress(h({ [PEER_ADDRESS_HEADER]: '2001:DB8::1' }), 0)).toBe('2001:db8::1');
    expect(clientAddress(h({ 'x-forwarded-for': 'a, not-an-ip' }), 1)).toBeUndefined();
    expect(clientAddress(h({ 'x-forwarded-for': 'a, [2001:db8::2]' }), 1)).toBe('2001:db8::2');
    expect(clientAddress(h({ 'x-forwarded-for': `a, ${'1'.repeat(100)}` }), 1)).toBeUndefined();
  });

  it('reads TRUSTED_PROXY_HOPS, falling back to 0 for nonsense', () => {
    flags[PEER_HOOK_INSTALLED] = true;
    const headers = h({ 'x-forwarded-for': '6.6.6.6, 198.51.100.9', [PEER_ADDRESS_HEADER]: '203.0.113.5' });
    const before = process.env.TRUSTED_PROXY_HOPS;
    try {
      process.env.TRUSTED_PROXY_HOPS = '1';
      expect(clientAddress(headers)).toBe('198.51.100.9');
      process.env.TRUSTED_PROXY_HOPS = 'lots';
      expect(clientAddress(headers)).toBe('203.0.113.5');
    } finally {
      if (before === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = before;
    }
  });
});

describe('scripts/peer-address.mjs (loaded by npm start)', () => {
  it("puts the socket's address in the private header over a real HTTP connection, whatever the client sent", async () => {
    // @ts-expect-error plain ES module without types
    await import('@/scripts/peer-address.mjs');
    const server = http.createServer((req, res) => {
      const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
      res.end(JSON.stringify({ peer: req.headers[PEER_ADDRESS_HEADER], client: clientAddress(headers, 0) ?? null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } }).then((r) => r.json());
      expect(answer.peer).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(answer.client).toBe('127.0.0.1');
    } finally {
      server.close();
    }
  });
});
