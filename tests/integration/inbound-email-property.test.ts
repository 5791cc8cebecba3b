import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { ingestInboundEmail } from '@/lib/inbox/ingest-email';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';

/**
 * Hostile MIME straight into ingestInboundEmail: deep multipart and HTML nesting, long header
 * values (Message-ID, In-Reply-To, References, Subject, From), NUL and lone-surrogate bytes, split
 * and broken encoded words, missing boundaries. It never throws, and each message is either
 * stored (its row is there) or refused with one of the reasons the route answers.
 */
const t = setupTestDatabase();
const REASONS = ['unparseable', 'no_sender', 'invalid_sender', 'unknown_recipient'];
let inbox = '';

beforeAll(async () => {
  const merchant = await createMerchant(t.db);
  inbox = inboxAddress(merchant.merchantId, 'in.starloop.test') ?? '';
  await t.db.insert(contacts).values({ merchantId: merchant.merchantId, firstName: 'Known', email: 'known@example.com', optToken: crypto.randomBytes(16).toString('base64url') });
});

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const junk = fc.uint8Array({ maxLength: 40 }).map(latin1);
const long = (unit: string) => fc.integer({ min: 0, max: 12_000 }).map((n) => unit.repeat(n));
const nul = fc.constantFrom('\u0000', '=00', '%00', '\xed\xa0\x80', '');
const encodedWord = fc.oneof(
  fc.constantFrom('=?utf-8?B?5L0=?= =?utf-8?B?oOWlvQ==?=', '=?utf-8?Q?a=00b?=', '=?utf-8?B?7aCA?=', '=?utf-8?B?!!!?=', '=?x-bogus?Q?=ZZ?=', '=?gb2312?B?xOM=?= =?gb2312?B?usM=?='),
  junk.map((s) => `=?utf-8?B?${Buffer.from(s, 'latin1').toString('base64')}?=`),
);
const from = fc.oneof(
  fc.constantFrom('known@example.com', 'stranger@example.com', 'x@localhost', '"a b"@example.com', 'a..b@example.com', '', '<>'),
  long('a').map((a) => `${a}@example.com`),
  fc.tuple(encodedWord, nul).map(([name, n]) => `${name}${n} <new.${crypto.randomBytes(3).toString('hex')}@example.com>`),
);
const id = fc.oneof(long('i').map((s) => `<${s}@x>`), fc.constantFrom('<a@x><b@y>', 'bare@id (comment)', '<>', '<x@y> <', '(((('), junk);
const header = fc.oneof(
  from.map((f) => `From: ${f}`),
  fc.constantFrom(() => `To: ${inbox}`, () => 'To: nobody@nowhere.example', () => `Cc: ${inbox}, junk`).map((f) => f()),
  id.map((v) => `Message-ID: ${v}`),
  id.map((v) => `In-Reply-To: ${v}`),
  fc.array(id, { maxLength: 80 }).map((ids) => `References: ${ids.join(' ')}`),
  fc.tuple(encodedWord, nul, long('s ')).map(([w, n, s]) => `Subject: ${w}${n}${s}`),
  fc.constantFrom('Content-Type: multipart/mixed', 'Content-Type: multipart/mixed; boundary=b', 'Content-Type: multipart/alternative; boundary="never"', 'Content-Type: text/html', 'Content-Type: text/plain; charset=gb2312'),
  fc.constantFrom('Content-Transfer-Encoding: quoted-printable', 'Content-Transfer-Encoding: base64', 'Content-Transfer-Encoding: x-bogus'),
  nul.map((n) => `Content-Disposition: attachment; filename*=utf-8''a${n === '\u0000' ? '%00' : n}b.txt`),
  junk,
);
const body = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 500 }), nul).map(([depth, n]) => `${Array.from({ length: depth }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`).join('')}--b${depth}\r\n\r\ntext${n}\r\n`),
  fc.tuple(fc.constantFrom('<div>', '<b><i>', '<p><div></p>', '<td>', '<!--', '<a title="<x>">'), fc.integer({ min: 0, max: 20_000 }), nul).map(([tag, n, z]) => `${tag.repeat(n)}deep${z}`),
  fc.tuple(fc.array(junk, { maxLength: 5 }), nul).map(([parts, n]) => `--b\r\n\r\n${parts.join('\r\n--b\r\n')}${n}\r\n--b--`),
  junk,
);
const message = fc.tuple(fc.array(header, { maxLength: 10 }), fc.constantFrom('\r\n', '\n'), body).map(([headers, eol, b]) => Buffer.from(`${headers.join(eol)}${eol}${eol}${b}`, 'latin1'));

describe('ingestInboundEmail, with generated hostile MIME', () => {
  it('never throws: it stores the message or refuses it with a reason', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(message, async (raw) => {
        const result = await ingestInboundEmail(t.db, raw, new Date());
        if (result.accepted) {
          expect(result.conversationId).toBeGreaterThan(0);
          const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from inbox_messages where conversation_id = ${result.conversationId}`);
          expect(Number(row.n)).toBeGreaterThan(0);
        } else {
          expect(REASONS).toContain(result.reason);
        }
        const kind = result.accepted ? 'stored' : (result.reason ?? '');
        seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }),
      { numRuns: 200, seed: process.env.MIME_SEED ? Number(process.env.MIME_SEED) : undefined },
    );
    // The generator reaches both outcomes, the contact rule's refusal among them.
    expect(seen.get('stored')).toBeGreaterThan(0);
    expect(seen.get('invalid_sender')).toBeGreaterThan(0);
  }, 180_000);
});
