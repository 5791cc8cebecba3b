import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';

/**
 * Whatever an inbound-parse service posts, the e-mail webhook never answers 500 (issue 17): MIME-ish
 * messages built from real header and multipart pieces with random bytes between them (Chinese
 * charset labels, encoded words, RFC 2231 parameters, broken boundaries, nested messages, 8-bit
 * bytes that are not UTF-8), posted as the body, as a multipart form field (SendGrid's raw
 * posting) with right and wrong boundaries, or urlencoded.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const KEY = 'inbound-secret';
const KNOWN = 'known.sender@example.cn';

beforeAll(async () => {
  Object.assign(process.env, { APP_URL: APP, INBOUND_EMAIL_SECRET: KEY });
  const merchant = await createMerchant(t.db);
  await t.db.insert(contacts).values({ merchantId: merchant.merchantId, firstName: 'Known', email: KNOWN, optToken: crypto.randomBytes(16).toString('base64url') });
});
afterAll(() => {
  for (const key of ['APP_URL', 'INBOUND_EMAIL_SECRET']) delete process.env[key];
});

const noParams = { params: Promise.resolve({}) };
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const charset = fc.constantFrom('gb2312', 'GBK', 'gb18030', 'big5', 'Big5-HKSCS', 'utf-8', 'iso-8859-1', 'x-unknown', '', '"', 'gb2312*zh');
const junk = fc.uint8Array({ maxLength: 48 }).map(latin1);
const boundary = fc.constantFrom('b', 'BOUNDARY', '----=_001_NextPart572182624333_=----', '');

const header = fc.oneof(
  fc.tuple(fc.constantFrom(KNOWN, 'stranger@example.com', '', '<>', 'a@'), junk).map(([address, name]) => `From: ${name} <${address}>`),
  fc.constantFrom('To: no-reply@starloop.local', 'Cc: reply+m1.abcdefghij@in.starloop.test', 'MIME-Version: 1.0', 'In-Reply-To: <x@y>', 'References: <a@b> <c@d>'),
  fc.tuple(charset, fc.constantFrom('B', 'Q', 'b', 'X'), junk).map(([c, e, text]) => `Subject: =?${c}?${e}?${Buffer.from(text, 'latin1').toString(e === 'B' ? 'base64' : 'latin1')}?= ${text}`),
  fc.tuple(fc.constantFrom('text/plain', 'text/html', 'multipart/mixed', 'multipart/alternative', 'message/rfc822', 'application/pdf', 'garbage'), charset, boundary).map(([type, c, b]) => `Content-Type: ${type}; charset=${c}; boundary="${b}"`),
  fc.constantFrom('base64', 'quoted-printable', '8bit', '7bit', 'binary', 'x-uuencode').map((e) => `Content-Transfer-Encoding: ${e}`),
  fc.tuple(charset, junk).map(([c, text]) => `Content-Disposition: attachment; filename*0*=${c}''${encodeURIComponent(text)}; filename*1*=%A7%DA; filename="=?${c}?B?${Buffer.from(text, 'latin1').toString('base64')}?="`),
  fc.tuple(fc.constantFrom('Message-ID', 'Date', 'X-Mailer', 'Thread-Index'), junk).map(([name, value]) => `${name}: ${value}`),
  junk,
);
const eol = fc.constantFrom('\r\n', '\n');
const entity: fc.Memo<string> = fc.memo((depth) =>
  fc.tuple(fc.array(header, { maxLength: 8 }), eol, depth > 1 ? fc.array(fc.oneof(junk, boundary.map((b) => `--${b}`), boundary.map((b) => `--${b}--`), entity(depth - 1)), { maxLength: 6 }) : fc.array(junk, { maxLength: 3 })).map(
    ([headers, e, body]) => `${headers.join(e)}${e}${e}${body.join(e)}`,
  ),
);
const message = entity(3).map((text) => Buffer.from(text, 'latin1'));

const posting = fc.oneof(
  fc.tuple(message, fc.constantFrom('message/rfc822', 'text/plain', 'application/octet-stream', '')).map(([raw, type]) => ({ type, body: raw })),
  fc.tuple(message, fc.constantFrom('email', 'raw', 'other'), fc.constantFrom('xYz', ''), fc.boolean(), fc.boolean()).map(([raw, name, b, withFile, wrongBoundary]) => ({
    type: `multipart/form-data${b ? `; boundary=${wrongBoundary ? 'nope' : b}` : ''}`,
    body: Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"${withFile ? '; filename="m.eml"' : ''}\r\n\r\n`), raw, Buffer.from(`\r\n--${b}--\r\n`)]),
  })),
  message.map((raw) => ({ type: 'application/x-www-form-urlencoded', body: Buffer.from(`to=x&email=${[...raw].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}%zz&raw`) })),
);

describe('the inbound e-mail webhook, fuzzed', () => {
  it('answers 200 or a 4xx envelope for any MIME-ish body, never 500', async () => {
    const answers = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(posting, async ({ type, body }) => {
        const headers: Record<string, string> = { authorization: `Bearer ${KEY}`, ...(type ? { 'content-type': type } : {}) };
        const response = await inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers, body: new Uint8Array(body) }), noParams);
        expect(response.status === 200 || (response.status >= 400 && response.status < 500)).toBe(true);
        const envelope = (await response.json()) as { code: number; data: { accepted?: boolean; reason?: string } | null };
        expect(envelope.code).toBe(response.status);
        const kind = `${response.status}:${envelope.data?.accepted ?? ''}:${envelope.data?.reason ?? ''}`;
        answers.set(kind, (answers.get(kind) ?? 0) + 1);
      }),
      { numRuns: 250 },
    );
    // The generator reaches every stage: refusals, unparseable or unknown senders, and messages recorded.
    expect(answers.get('200:true:')).toBeGreaterThan(0);
    expect([...answers.keys()].some((k) => k.startsWith('400'))).toBe(true);
  }, 120_000);
});
