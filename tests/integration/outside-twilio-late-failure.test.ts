import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import twilioSdk from 'twilio';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { POST as statusCallback } from '@/app/api/webhooks/twilio/status/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { campaignRow, createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';

/** Outside test, defect 5: `delivered` is final at Twilio; a failure status after it changes nothing. */
const t = setupTestDatabase();
let twilio: FakeTwilio;
const APP = 'https://app.starloop.test';
const KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL', 'APP_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const PATH = '/api/webhooks/twilio/status';
const noParams = { params: Promise.resolve({}) };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: twilio.baseUrl, APP_URL: APP });
});
afterAll(async () => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await twilio.close();
});

function status(params: Record<string, string>): Promise<Response> {
  const signature = twilioSdk.getExpectedTwilioSignature(twilio.authToken, `${APP}${PATH}`, params);
  return statusCallback(
    new Request(`http://127.0.0.1:3000${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'accept-language': 'en-US' },
      body: new URLSearchParams(params).toString(),
    }),
    noParams,
  );
}

async function eventTypes(deliveryId: number): Promise<string[]> {
  const rows = await t.db.execute<{ type: string }>(sql`select type from delivery_events where delivery_id = ${deliveryId} order by id`);
  return rows.map((r) => r.type);
}

describe('a Twilio failure status after delivered', () => {
  it('is ignored (200, nothing changes), while one before delivered still fails the message', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', count: 2 });
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).orderBy(deliveries.id);
    const [a, b] = rows;
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(2);

    const delivered = await status({ MessageSid: a.providerMessageId ?? '', MessageStatus: 'delivered' });
    expect(delivered.status).toBe(200);
    for (const late of ['undelivered', 'failed', 'FAILED']) {
      const response = await status({ MessageSid: a.providerMessageId ?? '', MessageStatus: late, ErrorCode: '30005' });
      expect(response.status, late).toBe(200);
      expect((await response.json()).data, late).toEqual({ updated: false });
    }
    const [after] = await t.db.select().from(deliveries).where(eq(deliveries.id, a.id));
    expect([after.status, after.error]).toEqual(['sent', null]);
    expect(await eventTypes(a.id)).toEqual(['sent', 'delivered']);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(2);

    // Not delivered yet: the failure counts, once.
    const failed = await status({ MessageSid: b.providerMessageId ?? '', MessageStatus: 'undelivered', ErrorCode: '30005' });
    expect((await failed.json()).data).toEqual({ updated: true });
    expect((await (await status({ MessageSid: b.providerMessageId ?? '', MessageStatus: 'failed' })).json()).data).toEqual({ updated: false });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1, failed: 1 });
    expect(await eventTypes(b.id)).toEqual(['sent', 'failed']);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(1);
  });
});
