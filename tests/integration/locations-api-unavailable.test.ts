import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { installProcessDatabase, type Db } from '@/db/client';
import { signAccessToken } from '@/lib/auth/tokens';
import { callApi } from '@/tests/fixtures/api';
import { GET as PAGE } from '@/app/api/merchant/location/page/route';

// A database nobody listens on: the wrapper must answer 503 with Retry-After, not a 500.
const client = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 2, onnotice: () => {} });
installProcessDatabase({ db: drizzle(client) as unknown as Db, driver: 'postgres', close: () => client.end({ timeout: 1 }) });
afterAll(() => client.end({ timeout: 1 }));

describe('location calls while the database is down', () => {
  it('answer the 503 envelope with a retry hint', async () => {
    const { token } = await signAccessToken(1, 1, new Date());
    const res = await callApi(PAGE, { path: '/merchant/location/page', token, locale: 'zh-HK' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toMatchObject({ code: 503, data: null, msg: '服務暫時無法使用' });
    expect(res.body.requestId).toMatch(/^[0-9a-f]{16}$/);
  });
});
