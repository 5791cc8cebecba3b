import { Resolver } from 'node:dns/promises';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { dkimKeys } from '@/db/schema/deliverability';
import { dkimRecordValue } from '@/lib/deliverability/dkim-check';
import { dkimSigningFor, ensureDkimKey, rotateDkimKey } from '@/lib/deliverability/dkim-keys';
import { smtpTransport } from '@/lib/messaging/smtp-transport';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { startLoopbackDns, type LoopbackDns } from '@/tests/fixtures/dns-server';

const t = setupTestDatabase();
const DOMAIN = 'brand.test';
let dns: LoopbackDns;
let server: SMTPServer;
let port = 0;
/** Every message the server took: its raw text, and when its DATA opened and ended (a clock of events). */
const received: { raw: string; dataOpened: number; ended: number }[] = [];
let clock = 0;
/** Bytes of message content the server has received so far. */
let bytesSeen = 0;

beforeAll(async () => {
  dns = await startLoopbackDns();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const dataOpened = ++clock;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        bytesSeen += chunk.length;
        chunks.push(chunk);
      });
      stream.on('end', () => {
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), dataOpened, ended: ++clock });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dns.close();
});

/** mailauth's verifier, asking the loopback DNS server (as a receiving mail host asks the internet). */
function loopbackResolver() {
  const resolver = new Resolver();
  resolver.setServers([dns.address]);
  return (name: string, type: string) => resolver.resolve(name, type as 'TXT') as Promise<string[][]>;
}

describe('our own DKIM signature', () => {
  it('keeps the private key sealed at rest, and rotation gives a new selector', async () => {
    const m = await createMerchant(t.db);
    const first = await ensureDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-08T00:00:00Z'));
    expect(await ensureDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-08T00:05:00Z'))).toEqual(first);
    const [row] = await t.db.select().from(dkimKeys).where(eq(dkimKeys.id, first.id));
    expect(row.privateKeySealed).not.toMatch(/PRIVATE KEY|MII/);
    const rotated = await rotateDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-09T00:00:00Z'));
    expect(rotated.selector).not.toBe(first.selector);
    expect((await dkimSigningFor(t.db, m.merchantId, DOMAIN))?.keySelector).toBe(rotated.selector);
    const [old] = await t.db.select().from(dkimKeys).where(eq(dkimKeys.id, first.id));
    expect(old.retiredAt).not.toBeNull();
    // Two first checks at once (in different seconds) agree on one key.
    const both = await Promise.all([ensureDkimKey(t.db, m.merchantId, 'twice.test', new Date('2026-12-08T00:00:01Z')), ensureDkimKey(t.db, m.merchantId, 'twice.test', new Date('2026-12-08T00:00:02Z'))]);
    expect(both[0]).toEqual(both[1]);
    // Another merchant's key is not this merchant's.
    const other = await createMerchant(t.db);
    expect(await dkimSigningFor(t.db, other.merchantId, DOMAIN)).toBeNull();
  });

  it('signs a held message: the end still waits for the marker, and mailauth verifies it against the published record', async () => {
    const m = await createMerchant(t.db);
    const key = await ensureDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-08T01:00:00Z'));
    dns.zone.set(`${key.selector}._domainkey.${DOMAIN}`, { TXT: [dkimRecordValue(key.publicKey)] });
    const signing = await dkimSigningFor(t.db, m.merchantId, DOMAIN);
    expect(signing).not.toBeNull();

    let markerCommitted = 0;
    let contentBeforeMarker = false;
    let askedAt = -1;
    const before = received.length;
    const startBytes = bytesSeen;
    const result = await smtpTransport(`smtp://127.0.0.1:${port}?pool=false`).send(
      t.db,
      { merchantId: m.merchantId, from: `"Brand" <shop@${DOMAIN}>`, to: 'customer@example.net', subject: 'Thanks for your visit', text: 'How did we do?', html: '<p>How did we do?</p>', dkim: signing ?? undefined },
      {
        beforeEnd: async () => {
          // The permission is asked when the connection takes the message (before its DATA), so
          // the marker commits while the envelope and content go; a signer reading the whole
          // message first must not hold the content back meanwhile.
          askedAt = clock;
          // The signed content streams to the server while the marker commits (only the dot
          // waits): the server sees it before the permission is given.
          contentBeforeMarker = await until(() => bytesSeen > startBytes, 5_000);
          markerCommitted = ++clock;
          return true;
        },
      },
    );
    expect(result.transport).toBe('smtp');
    const mail = received[before];
    expect(mail).toBeDefined();
    expect(askedAt).toBeGreaterThanOrEqual(0);
    expect(markerCommitted).toBeLessThan(mail.ended);
    expect(contentBeforeMarker).toBe(true);
    expect(mail.raw).toMatch(/^DKIM-Signature: .*d=brand\.test/im);

    const verdict = await dkimVerify(Buffer.from(mail.raw), { resolver: loopbackResolver() });
    expect(verdict.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([[DOMAIN, key.selector, 'pass']]);

    // The same message against a record of another key fails: the verifier really checks.
    dns.zone.set(`${key.selector}._domainkey.${DOMAIN}`, { TXT: [dkimRecordValue((await rotateDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-08T02:00:00Z'))).publicKey)] });
    const failed = await dkimVerify(Buffer.from(mail.raw), { resolver: loopbackResolver() });
    expect(failed.results[0].status.result).not.toBe('pass');
  });

  it('a refused permission still abandons a signed message: the server never receives its end', async () => {
    const m = await createMerchant(t.db);
    await ensureDkimKey(t.db, m.merchantId, DOMAIN, new Date('2026-12-08T03:00:00Z'));
    const signing = await dkimSigningFor(t.db, m.merchantId, DOMAIN);
    const before = received.length;
    await expect(
      smtpTransport(`smtp://127.0.0.1:${port}?pool=false`).send(
        t.db,
        { from: `shop@${DOMAIN}`, to: 'customer@example.net', subject: 'x', text: 'x', html: '<p>x</p>', dkim: signing ?? undefined },
        { beforeEnd: async () => false },
      ),
    ).rejects.toThrow(/abandoned/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(before);
  });
});

/** Waits until `done()` holds, polling; false after `ms` (a generous backstop, not a speed bound). */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
