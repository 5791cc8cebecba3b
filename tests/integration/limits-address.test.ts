import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { PEER_ADDRESS_HEADER, PEER_HOOK_INSTALLED } from '@/lib/http/client-address';
import { CODE_REQUEST_LIMIT, EMAIL_LOOKUP_LIMIT, LOGIN_LIMIT } from '@/lib/rate-limit/rate-limit';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as emailValidate } from '@/app/api/user/emailValidate/route';
import { POST as sendEmailCode } from '@/app/api/user/sendEmailCode/route';

const t = setupTestDatabase();
const flags = globalThis as Record<symbol, unknown>;
let registered: string;

beforeAll(async () => {
  registered = (await createMerchant(t.db, { email: 'taken@limits.example' })).email;
});

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  flags[PEER_HOOK_INSTALLED] = undefined;
});

/** As `npm start` serves it: the hook installed, the socket's address in the private header. */
function fromSocket(address: string, forged: string): Record<string, string> {
  flags[PEER_HOOK_INSTALLED] = true;
  return { [PEER_ADDRESS_HEADER]: address, 'x-forwarded-for': forged, 'x-real-ip': forged };
}

const wrongLogin = (n: number, headers: Record<string, string>) =>
  callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: `nobody-${n}-${Math.random()}@limits.example`, password: 'wrong-password' }, headers });

describe(`abuse limits by client address (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('with no proxy (0 hops) a forged X-Forwarded-For does not lift the login limit', async () => {
    for (let i = 0; i < LOGIN_LIMIT.max; i++) expect((await wrongLogin(i, fromSocket('203.0.113.10', `10.9.${i}.1`))).status).toBe(455);
    const refused = await wrongLogin(99, fromSocket('203.0.113.10', '10.9.99.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another socket is another client.
    expect((await wrongLogin(100, fromSocket('203.0.113.11', '10.9.99.1'))).status).toBe(455);
  });

  it('behind one proxy the rightmost entry counts, whatever the client prepends', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    const via = (forged: string) => ({ 'x-forwarded-for': `${forged}, 198.51.100.20`, [PEER_ADDRESS_HEADER]: '10.0.0.1' });
    for (let i = 0; i < LOGIN_LIMIT.max; i++) expect((await wrongLogin(i, via(`10.8.${i}.1, 10.7.${i}.1`))).status).toBe(455);
    expect((await wrongLogin(99, via('10.8.99.1'))).status).toBe(429);
    expect((await wrongLogin(100, { 'x-forwarded-for': '10.8.99.1, 198.51.100.21' })).status).toBe(455);
  });

  it('requests with no known address share one bucket: still limited', async () => {
    // No hook (as under `next dev`): the client's headers are all it has, and none is trusted.
    for (let i = 0; i < EMAIL_LOOKUP_LIMIT.max; i++) {
      const answer = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: `free-${i}@limits.example` }, headers: { 'x-forwarded-for': `10.6.${i}.1` } });
      expect(answer.status).toBe(200);
    }
    const refused = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: 'free-x@limits.example' }, headers: { 'x-forwarded-for': '10.6.200.1' } });
    expect(refused.status).toBe(429);
  });

  it('emailValidate is limited per address before the lookup: a registered e-mail answers 429 like any other', async () => {
    const headers = () => fromSocket('203.0.113.30', '10.5.0.1');
    expect((await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: registered }, headers: headers() })).status).toBe(488);
    for (let i = 1; i < EMAIL_LOOKUP_LIMIT.max; i++) {
      expect((await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: `free-${i}@limits.example` }, headers: headers() })).status).toBe(200);
    }
    const taken = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: registered }, headers: headers() });
    const free = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: 'never-seen@limits.example' }, headers: headers() });
    expect([taken.status, free.status]).toEqual([429, 429]);
    expect(taken.body.msg).toBe(free.body.msg);
    // sendEmailCode shares the lookup count: refused before it could say "registered".
    const code = await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: registered }, headers: headers() });
    expect(code.status).toBe(429);
  });

  it('sendEmailCode is limited per address before the lookup', async () => {
    const headers = () => fromSocket('203.0.113.40', '10.4.0.1');
    for (let i = 0; i < Math.min(EMAIL_LOOKUP_LIMIT.max, CODE_REQUEST_LIMIT.max); i++) {
      expect((await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: registered }, headers: headers() })).status).toBe(488);
    }
    expect((await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: registered }, headers: headers() })).status).toBe(429);
    // Another address still gets its answers.
    expect((await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: registered }, headers: fromSocket('203.0.113.41', '10.4.0.1') })).status).toBe(488);
  });
});
