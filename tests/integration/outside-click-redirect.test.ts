import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { addTracking, clickUrl } from '@/lib/sending/tracking';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { GET as click } from '@/app/api/t/c/[id]/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene } from '@/tests/fixtures/sending';

/** Outside test, defect 2: a signed target beyond Latin-1 redirects (encoded) instead of a 500. */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const saved = { APP_URL: process.env.APP_URL, SMTP_URL: process.env.SMTP_URL };

beforeAll(() => {
  Object.assign(process.env, { APP_URL: APP, SMTP_URL: '' });
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

async function follow(link: string, id: number): Promise<Response> {
  return click(new Request(link), { params: Promise.resolve({ id: String(id) }) });
}

describe('a click redirect to a link written with any characters', () => {
  it('redirects to the WHATWG form of the signed target and records the click', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(row.status).toBe('sent');
    const cases: [string, string][] = [
      ['https://例子.com/路径?q=中文', 'https://xn--fsqu00a.com/%E8%B7%AF%E5%BE%84?q=%E4%B8%AD%E6%96%87'],
      ['https://example.com/x\u2028y', 'https://example.com/x%E2%80%A8y'],
      ['https://example.com/a b#café', 'https://example.com/a%20b#caf%C3%A9'],
      ['https://example.com/\u00e9', 'https://example.com/%C3%A9'],
      ['HTTPS://Example.com/upper', 'https://example.com/upper'],
      ['https://g.page/r/test-store/review?x=1&y=2', 'https://g.page/r/test-store/review?x=1&y=2'],
    ];
    for (const [target, location] of cases) {
      // The link as addTracking writes it from a merchant's href.
      const href = /href="([^"]+)"/.exec(addTracking(`<a href="${target}">go</a>`, APP, row.id))?.[1].replace(/&amp;/g, '&') ?? '';
      expect(href).toBe(clickUrl(APP, row.id, target));
      const response = await follow(href, row.id);
      expect(response.status, target).toBe(302);
      expect(response.headers.get('location'), target).toBe(location);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const [after] = await t.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(after.clickedAt).not.toBeNull();
  });

  it('sends a signed target that is no valid http(s) URL to APP_URL, as a bad signature', async () => {
    for (const target of ['https://exa mple.com/', 'http://[::1', 'https://xn--a.com/']) {
      const response = await follow(clickUrl(APP, 5, target), 5);
      expect(response.status, target).toBe(302);
      expect(response.headers.get('location'), target).toBe(`${APP}/`);
    }
  });
});
