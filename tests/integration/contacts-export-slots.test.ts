import { describe, expect, it } from 'vitest';
import * as exporter from '@/app/api/member/export/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';

/**
 * Found from outside (many merchants on one host): eight exports of 120,000 contacts at once took
 * ~750 MB and slowed every other merchant's pages to seconds. Two run at once per merchant, four
 * per process; a finished or cancelled download gives its slot back.
 */
const t = setupTestDatabase();

const exportFor = (token: string, locale = 'en-US') =>
  exporter.GET(new Request('http://localhost/api/member/export?format=csv', { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } }), { params: Promise.resolve({}) });

describe('contact exports running at once', () => {
  it('runs two per merchant, refuses a third with a translated 429, and frees a slot when a download ends or is cancelled', async () => {
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    const first = await exportFor(a.token);
    const second = await exportFor(a.token);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await exportFor(a.token);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(((await third.json()) as { msg: string }).msg).toBe('Too many exports are being made right now; try again in 10 seconds');
    expect(((await (await exportFor(a.token, 'zh-CN')).json()) as { msg: string }).msg).toContain('导出过多');
    // Another merchant is not held back by these two.
    const other = await exportFor(b.token);
    expect(other.status).toBe(200);
    await other.text();
    // One read to its end, one cancelled: both slots come back.
    await first.text();
    await second.body?.cancel();
    const again = [await exportFor(a.token), await exportFor(a.token)];
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(again.map((r) => r.text()));
  });
});
