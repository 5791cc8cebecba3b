import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

setupTestDatabase();
const APP = 'https://app.starloop.test';
const KEY = 'inbound-secret-of-at-least-32-characters-long';
const noParams = { params: Promise.resolve({}) };
const raw = () => new Uint8Array(readFileSync(path.join(__dirname, '../fixtures/mail/html-only.eml')));
const post = (url: string, headers: Record<string, string> = {}) =>
  inboundEmail(new Request(url, { method: 'POST', headers: { 'content-type': 'message/rfc822', ...headers }, body: raw() }), noParams);

beforeAll(() => {
  Object.assign(process.env, { APP_URL: APP, INBOUND_EMAIL_SECRET: KEY });
});
afterAll(() => {
  for (const key of ['APP_URL', 'INBOUND_EMAIL_SECRET']) delete process.env[key];
});

describe('the inbound e-mail secret', () => {
  it('is refused in the query string', async () => {
    const response = await post(`${APP}/api/webhooks/email/inbound?key=${KEY}`);
    expect(response.status).toBe(401);
  });

  it('is accepted as a bearer header, or as the Basic password of a URL with user info', async () => {
    const bearer = await post(`${APP}/api/webhooks/email/inbound`, { authorization: `Bearer ${KEY}` });
    expect(bearer.status).toBe(200);
    const basic = await post(`${APP}/api/webhooks/email/inbound`, { authorization: `Basic ${Buffer.from(`inbound:${KEY}`).toString('base64')}` });
    expect(basic.status).toBe(200);
  });

  it('is refused when wrong, shorter, or missing', async () => {
    for (const authorization of [`Bearer ${KEY.slice(0, -1)}`, `Bearer ${KEY}x`, `Basic ${Buffer.from(`inbound:nope`).toString('base64')}`, '']) {
      const response = await post(`${APP}/api/webhooks/email/inbound`, authorization ? { authorization } : {});
      expect(response.status, authorization).toBe(401);
    }
  });
});
