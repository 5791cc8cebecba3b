import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import twilio from 'twilio';
import { sql } from 'drizzle-orm';
import { POST as inbound } from '@/app/api/webhooks/twilio/inbound/route';
import { POST as status } from '@/app/api/webhooks/twilio/status/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';

/**
 * Whatever a sender puts in a Twilio webhook, the routes never answer 500 (issue 17: "no webhook
 * path answers 500 for any input"). The forms are signed by the official `twilio` package, so
 * they reach the handlers behind the signature check: random and Twilio's own field names,
 * keywords, media fields, huge and malformed values, NUL, lone surrogates, bytes that are not UTF-8.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const TOKEN_ENV = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL', 'APP_URL'];
let fake: FakeTwilio;

beforeAll(async () => {
  fake = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: fake.baseUrl, APP_URL: APP });
  await createMerchant(t.db);
  // Refused senders and failed confirmations are logged; the property is about the answers.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(async () => {
  for (const key of TOKEN_ENV) delete process.env[key];
  vi.restoreAllMocks();
  await fake.close();
});

const noParams = { params: Promise.resolve({}) };
const routes = { inbound: { handler: inbound, path: '/api/webhooks/twilio/inbound' }, status: { handler: status, path: '/api/webhooks/twilio/status' } };

const twilioKeys = ['From', 'To', 'Body', 'MessageSid', 'SmsSid', 'SmsMessageSid', 'NumMedia', 'OptOutType', 'MessageStatus', 'SmsStatus', 'ErrorCode', 'AccountSid', 'NumSegments'];
for (let i = 0; i < 4; i++) twilioKeys.push(`MediaUrl${i}`, `MediaContentType${i}`);

const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...twilioKeys) }, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'toString', ''));
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('STOP', ' optout ', 'REVOKE.', 'yes', 'START', 'HELP', 'STOP', 'START', '退订', '0', '-1', '2', '10', '99', '1e309', 'NaN', '%', '%zz', '\u0000', 'a\u0000b', '\ud800', 'javascript:alert(1)', 'https://api.twilio.com/x.jpg', 'http://[::1', 'image/jpeg', 'image/<svg>', 'delivered', 'failed', 'SM' + 'a'.repeat(32), '+14155550100', 'whatsapp:+14155550100', 'm1.abcdefghij'),
  fc.string({ minLength: 1000, maxLength: 6000 }),
  // Long and incompressible: larger than an index entry can be, even compressed.
  fc.uint8Array({ minLength: 1500, maxLength: 3000 }).map((b) => Buffer.from(b).toString('hex')),
  fc.nat().map(String),
);
// Mostly real E.164 senders: a sender that is not one makes no lead (lib/inbox/inbound-sms.ts), so it records nothing.
const phone = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 9999 }).map((n) => `+1415555${String(n).padStart(4, '0')}`) }, { weight: 1, arbitrary: value });
// Mostly a sender, a number and a text (so most forms reach the database), plus any other fields.
const form = fc
  .tuple(fc.record({ From: phone, To: fc.oneof(fc.constant('+15005550006'), value), Body: value, MessageSid: value, NumMedia: value, MediaUrl0: value, MediaContentType0: value }, { requiredKeys: [] }), fc.dictionary(key, value, { maxKeys: 12 }))
  .map(([known, other]) => ({ ...other, ...known }));
const query = fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('m1.aaaaaaaaaa', 'm99999999999999999999.x', 'm-1.a')), { nil: undefined });

function request(path: string, body: BodyInit, signature: string | null, contentType = 'application/x-www-form-urlencoded'): Request {
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': 'en-US' };
  if (signature !== null) headers['x-twilio-signature'] = signature;
  return new Request(`http://127.0.0.1:3000${path}`, { method: 'POST', headers, body });
}

/** A form's fields as the signer sees them: a repeated name holds all its values. */
function formAsTwilioSees(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  new URLSearchParams(text).forEach((v, k) => {
    const seen = out[k];
    out[k] = seen === undefined ? v : [...(Array.isArray(seen) ? seen : [seen]), v];
  });
  return out;
}

describe('Twilio webhooks under arbitrary input', () => {
  it('signed forms of any fields and values: 200, or 413 beyond the size bound; never 500', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(form, query, fc.constantFrom('inbound', 'status') as fc.Arbitrary<keyof typeof routes>, async (params, inbox, which) => {
        const { handler, path } = routes[which];
        const fullPath = inbox === undefined ? path : `${path}?inbox=${encodeURIComponent(inbox)}`;
        // Sign what the server will read: a form cannot carry lone surrogates (they travel as U+FFFD).
        const sent = formAsTwilioSees(new URLSearchParams(params).toString());
        const signature = twilio.getExpectedTwilioSignature(fake.authToken, `${APP}${fullPath}`, sent);
        const response = await handler(request(fullPath, new URLSearchParams(params).toString(), signature), noParams);
        const body = await response.text();
        expect(response.status, body).toBeLessThan(500);
        if (which === 'inbound') expect([200, 413], body).toContain(response.status);
      }),
      { numRuns: 150 },
    );
    // Not a vacuous pass: many of those forms were recorded as messages.
    const [{ n }] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from inbox_messages`);
    expect(Number(n)).toBeGreaterThan(20);
  });

  it('raw bytes (not UTF-8, broken escapes, any content type), signed or not: never 500', { timeout: 300_000 }, async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      // A real form whose Body is 8-bit GB2312 / Big5 / Latin-1 bytes, not percent-encoded.
      fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 60 }), fc.constantFrom('STOP', 'hi')).map(([raw, word]) => Buffer.concat([Buffer.from(`From=%2B14155550199&To=%2B15005550006&NumMedia=1&MediaUrl0=https%3A%2F%2Fapi.twilio.com%2Fm&Body=${word}`), Buffer.from('%20'), Buffer.from(raw)])),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.boolean(), fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', ''), async (raw, sign, contentType) => {
        const decoded = formAsTwilioSees(new TextDecoder().decode(raw));
        const signature = sign ? twilio.getExpectedTwilioSignature(fake.authToken, `${APP}${routes.inbound.path}`, decoded) : null;
        const response = await inbound(request(routes.inbound.path, new Uint8Array(raw), signature, contentType), noParams);
        const body = await response.text();
        expect(response.status, body).toBeLessThan(500);
        expect(response.status).toBe(sign ? 200 : 403);
      }),
      { numRuns: 120 },
    );
  });
});
