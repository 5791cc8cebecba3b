import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import { POST } from '@/app/api/sending/forecast/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();

describe('the sending forecast', () => {
  it('counts who receives and who is skipped and why, by the dispatcher rules', async () => {
    const scene = await createSendingScene(t.db, {
      members: [
        { firstName: 'Ada', lastName: 'Lovelace' },
        { firstName: 'Grace', lastName: '' },
        { emailOptIn: false },
        { email: null },
        { emailOptIn: null },
        { firstName: 'Asked', lastName: 'Recently' },
      ],
      campaign: { status: 5 },
    });
    const [asked] = scene.contactIds.slice(-1);
    // A review request sent 3 days ago by another campaign: within the 30-day cap.
    await t.db.execute(sql`insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status, sent_at)
      values (${scene.merchant.merchantId}, ${scene.campaignId}, ${asked}, 0, 'x@example.com', 'sent', now() - interval '3 days')`);
    await t.db.update(contacts).set({ emailStatus: 'bounced' }).where(eq(contacts.id, scene.contactIds[1]));
    const res = await callApi(POST, {
      method: 'POST',
      path: '/sending/forecast',
      token: scene.merchant.token,
      body: { campaignChannel: 0, locationId: scene.locationId, templateId: scene.templateId, sendType: 0, timezone: 'America/New_York', filterConditions: JSON.stringify({ optInOnly: true }) },
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { considered: number; recipients: number; skipped: { reason: string; count: number }[]; firstSendAt: string; lastSendAt: string; emptyTokens: unknown[]; sms: unknown };
    expect(data.considered).toBe(6);
    expect(data.recipients).toBe(1);
    expect(data.skipped).toEqual([
      { reason: 'no_address', count: 1 },
      { reason: 'opted_out', count: 1 },
      { reason: 'bounced', count: 1 },
      { reason: 'no_optin', count: 1 },
      { reason: 'frequency_cap', count: 1 },
    ]);
    expect(data.firstSendAt).not.toBeNull();
    expect(data.sms).toBeNull();
  });

  it('says how many match beside how many receive it, and why nobody does when all were asked recently', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'A' }, { firstName: 'B' }, { firstName: 'C' }], campaign: { status: 5 } });
    for (const contactId of scene.contactIds) {
      await t.db.execute(sql`insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status, sent_at)
        values (${scene.merchant.merchantId}, ${scene.campaignId}, ${contactId}, 0, 'x@example.com', 'sent', now() - interval '2 days')`);
    }
    const res = await callApi(POST, {
      method: 'POST',
      path: '/sending/forecast',
      token: scene.merchant.token,
      body: { campaignChannel: 0, locationId: scene.locationId, templateId: scene.templateId, sendType: 0, timezone: 'Asia/Shanghai', filterConditions: JSON.stringify({ optInOnly: true }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ matched: 3, recipients: 0, matchedSkipReasons: ['frequency_cap'], frequencyCapDays: 30 });
  });

  it('reports SMS segments and tokens that render empty', async () => {
    const scene = await createSendingScene(t.db, {
      channel: 'sms',
      members: [{ firstName: '', lastName: '' }, { firstName: '小明', lastName: '王' }, { firstName: 'Bob', lastName: 'Li' }],
      template: { content: '{{fullName}}您好，感谢光临！请给我们评价：{{googleReviewLink}}', contentText: '{{fullName}}您好，感谢光临！请给我们评价：{{googleReviewLink}}' },
      campaign: { status: 0 },
    });
    await t.db.update(locations).set({ reviewLink: null }).where(eq(locations.id, scene.locationId));
    const res = await callApi(POST, {
      method: 'POST',
      path: '/sending/forecast',
      token: scene.merchant.token,
      body: { campaignChannel: 1, locationId: scene.locationId, templateId: scene.templateId, timezone: 'Asia/Shanghai', isBatchSend: 1, deliveryWindow: '09:00-21:00' },
    });
    const data = res.body.data as { recipients: number; sms: { encoding: string; segmentsPerMessage: number; totalSegments: number }; emptyTokens: { token: string; count: number }[]; lastSendAt: string | null };
    expect(data.recipients).toBe(3);
    expect(data.sms).toEqual({ encoding: 'UCS-2', segmentsPerMessage: 1, totalSegments: 3 });
    expect(data.emptyTokens).toEqual([
      { token: 'fullName', count: 1 },
      { token: 'googleReviewLink', count: 3 },
    ]);
    expect(data.lastSendAt).not.toBeNull();
  });

  it('finds a single recipient as the dispatcher does: the phone in E.164, the e-mail trimmed and lower-cased', async () => {
    const scene = await createSendingScene(t.db, {
      channel: 'sms',
      members: [{ phone: '+12127365000', smsOptIn: false, email: 'Known@Example.com'.toLowerCase(), emailOptIn: false }],
      campaign: { status: 0 },
    });
    const ask = (body: object) =>
      callApi(POST, { method: 'POST', path: '/sending/forecast', token: scene.merchant.token, body: { locationId: scene.locationId, templateId: scene.templateId, sendType: 0, timezone: 'America/New_York', ...body } });
    // Typed with spaces and brackets: the member who opted out is found, not taken for a new lead.
    const sms = (await ask({ campaignChannel: 1, recipientPhone: '+1 (212) 736-5000' })).body.data as { considered: number; recipients: number; skipped: { reason: string; count: number }[] };
    expect([sms.considered, sms.recipients, sms.skipped]).toEqual([1, 0, [{ reason: 'opted_out', count: 1 }]]);
    const emailTemplate = await createSendingScene(t.db, { merchant: scene.merchant, members: [], campaign: { status: 0 } });
    const mail = (await ask({ campaignChannel: 0, templateId: emailTemplate.templateId, recipientEmail: '  KNOWN@example.COM ' })).body.data as { recipients: number; skipped: { reason: string }[] };
    expect([mail.recipients, mail.skipped.map((s) => s.reason)]).toEqual([0, ['opted_out']]);
  });

  it("renders each member's SMS in the member's own language, as the dispatcher does (found from outside: English contacts forecast as UCS-2)", async () => {
    const text = 'Hi {{firstName}}, how was your visit? Tell us.';
    const scene = await createSendingScene(t.db, {
      channel: 'sms',
      members: [
        { firstName: 'Ann', lastName: 'Lee', smsOptIn: true, locale: 'en-US' },
        { firstName: 'José', lastName: 'Núñez', smsOptIn: true, locale: 'en-US' },
        { firstName: '小明', lastName: '王', smsOptIn: true, locale: 'zh-CN' },
      ],
      template: { content: text, contentText: text, includeUnsubscribe: true, locale: null },
      campaign: { status: 0 },
    });
    const ask = async () =>
      (await callApi(POST, { method: 'POST', path: '/sending/forecast', token: scene.merchant.token, body: { campaignChannel: 1, locationId: scene.locationId, templateId: scene.templateId, sendType: 0, timezone: 'Asia/Shanghai' } })).body
        .data as { recipients: number; sms: { encoding: string; segmentsPerMessage: number; totalSegments: number } };
    // Two English messages of one GSM-7 part (é and ñ are GSM-7), one Chinese of one UCS-2 part.
    expect(await ask()).toMatchObject({ recipients: 3, sms: { encoding: 'UCS-2', segmentsPerMessage: 1, totalSegments: 3 } });
    await t.db.delete(contacts).where(eq(contacts.id, scene.contactIds[2]));
    expect((await ask()).sms).toEqual({ encoding: 'GSM-7', segmentsPerMessage: 1, totalSegments: 2 });
  });

  it('forecasts a single recipient who is not yet a contact by the rules a new lead meets: no SMS opt-in yet, no name', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [], template: { content: 'Hi {{firstName}}!', contentText: 'Hi {{firstName}}!' }, campaign: { status: 0 } });
    const ask = async (body: object) =>
      (await callApi(POST, { method: 'POST', path: '/sending/forecast', token: scene.merchant.token, body: { locationId: scene.locationId, sendType: 0, timezone: 'America/New_York', ...body } })).body.data as {
        recipients: number;
        skipped: { reason: string; count: number }[];
        emptyTokens: { token: string; count: number }[];
      };
    const sms = await ask({ campaignChannel: 1, templateId: scene.templateId, recipientPhone: '+1 212 555 0142' });
    expect([sms.recipients, sms.skipped]).toEqual([0, [{ reason: 'no_optin', count: 1 }]]);
    const emailScene = await createSendingScene(t.db, { merchant: scene.merchant, members: [], template: { subject: 'Hello {{firstName}}', content: '<p>Hi {{firstName}}, thanks!</p>' }, campaign: { status: 0 } });
    const nameless = await ask({ campaignChannel: 0, templateId: emailScene.templateId, recipientEmail: 'new.person@example.com' });
    expect([nameless.recipients, nameless.emptyTokens]).toEqual([1, [{ token: 'firstName', count: 1 }]]);
    const named = await ask({ campaignChannel: 0, templateId: emailScene.templateId, recipientEmail: 'new.person@example.com', recipientName: 'Ada Lovelace' });
    expect(named.emptyTokens).toEqual([]);
  });

  it('answers 404 for another merchant location or template, and 400 with field errors for bad input', async () => {
    const scene = await createSendingScene(t.db, { count: 1, campaign: { status: 0 } });
    const other = await createMerchant(t.db);
    const res = await callApi(POST, { method: 'POST', path: '/sending/forecast', token: other.token, body: { campaignChannel: 0, locationId: scene.locationId, templateId: scene.templateId } });
    expect(res.status).toBe(404);
    const bad = await callApi(POST, { method: 'POST', path: '/sending/forecast', token: scene.merchant.token, body: { campaignChannel: 7, locationId: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { fieldErrors: object }).fieldErrors)).toEqual(expect.arrayContaining(['campaignChannel']));
    expect((await callApi(POST, { method: 'POST', path: '/sending/forecast', body: {} })).status).toBe(401);
  });
});
