import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as settings from '@/app/api/sending/settings/route';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { outboxEmailTransport, outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { queueDeliveries } from '@/tests/fixtures/queue-deliveries';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/** The merchant's frequency cap: GET/PUT /api/sending/settings, and the dispatcher reading it. */
const t = setupTestDatabase();
const transports = { email: outboxEmailTransport, sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: () => 'StarLoop <c@starloop.test>' };
const get = (token?: string) => callApi<{ frequencyCapDays: number }>(settings.GET, { path: '/sending/settings', token });
const put = (token: string | undefined, body: unknown) => callApi<{ frequencyCapDays: number; fieldErrors?: Record<string, string> }>(settings.PUT, { method: 'PUT', path: '/sending/settings', token, body });

describe('the frequency cap setting', () => {
  it('reads 30 days by default, saves 0-365 and refuses anything else with a field message', async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    expect((await get(m.token)).body.data).toEqual({ frequencyCapDays: 30 });
    const saved = await put(m.token, { frequencyCapDays: 7 });
    expect([saved.status, saved.body.data]).toEqual([200, { frequencyCapDays: 7 }]);
    expect((await get(m.token)).body.data).toEqual({ frequencyCapDays: 7 });
    expect((await put(m.token, { frequencyCapDays: '0' })).body.data).toEqual({ frequencyCapDays: 0 });
    expect((await put(m.token, { frequencyCapDays: 365 })).status).toBe(200);
    for (const bad of [-1, 366, 1.5, 'abc', null, ' ']) {
      const res = await put(m.token, { frequencyCapDays: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.data.fieldErrors?.frequencyCapDays).toBe('Enter whole days from 0 to 365');
    }
    expect((await put(m.token, {})).status).toBe(400);
    expect((await get(m.token)).body.data).toEqual({ frequencyCapDays: 365 });
    // Each merchant has its own; without a session there is none.
    expect((await get(other.token)).body.data).toEqual({ frequencyCapDays: 30 });
    expect((await get()).status).toBe(401);
    expect((await put(undefined, { frequencyCapDays: 1 })).status).toBe(401);
  });

  it('is what the dispatcher applies: a member asked 10 days ago is skipped under 30 days, asked again under 7', async () => {
    const first = await createSendingScene(t.db, { count: 1 });
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test' });
    await t.db.execute(sql`update deliveries set sent_at = now() - interval '10 days' where campaign_id = ${first.campaignId}`);
    const again = async () => {
      const scene = await createSendingScene(t.db, { merchant: first.merchant, members: [] });
      await t.db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select merchant_id, snapshot_id, ${first.contactIds[0]}::int from campaigns where id = ${scene.campaignId}`);
      await queueDeliveries(t.db, scene.campaignId, new Date(Date.now() - 1000));
      await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test' });
      return deliveryStatuses(t.db, scene.campaignId);
    };
    expect(await again()).toEqual({ skipped: 1 });
    expect((await put(first.merchant.token, { frequencyCapDays: 7 })).status).toBe(200);
    expect(await again()).toEqual({ sent: 1 });
  });
});
