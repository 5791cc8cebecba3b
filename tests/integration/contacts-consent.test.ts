import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { contacts } from '@/db/schema/contacts';
import * as list from '@/app/api/member/route';
import * as one from '@/app/api/member/[id]/route';
import * as publicView from '@/app/api/member/public/[token]/route';
import * as publicConsent from '@/app/api/member/public/[token]/consent/route';
import { loadPublicConsent } from '@/lib/consent/public-consent';

const t = setupTestDatabase();

async function contactWithToken(body: Record<string, unknown>) {
  const m = await createMerchant(t.db, { name: '星巴克 旺角' });
  const res = await callApi<{ id: number }>(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Ann', lastName: 'Lee', ...body } });
  const [row] = await t.db.select().from(contacts).where(eq(contacts.id, res.body.data.id));
  return { m, id: res.body.data.id, token: row.optToken };
}

describe(`public opt-in and opt-out (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('shows the merchant and the state on GET without changing anything', async () => {
    const { token } = await contactWithToken({ email: 'ann@x.io', phone: '+85291234567', emailOptIn: true, locale: 'zh-HK' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (let i = 0; i < 3; i++) {
      const res = await callApi(publicView.GET, { path: `/member/public/${token}`, params: { token } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ merchantName: '星巴克 旺角', locale: 'zh-HK', channels: ['email', 'sms'], emailOptIn: true, smsOptIn: null });
    }
    expect((await loadPublicConsent(t.db, token)).emailOptIn).toBe(true);
  });

  it('opts out by POST, one channel or all, writing history with source public-page', async () => {
    const { m, id, token } = await contactWithToken({ email: 'ann@x.io', phone: '+85291234567', emailOptIn: true, smsOptIn: true });
    const res = await callApi(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'optout', channel: 'email' } });
    expect(res.body.data).toMatchObject({ emailOptIn: false, smsOptIn: true });
    const all = await callApi(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'optout' } });
    expect(all.body.data).toMatchObject({ emailOptIn: false, smsOptIn: false });
    const detail = await callApi<{ emailOptInSource: string; consentHistory: { source: string; action: string }[] }>(one.GET, { path: '/x', token: m.token, params: { id: String(id) } });
    expect(detail.body.data.emailOptInSource).toBe('public-page');
    // E-mail was already out when "all" came: one row per change, none for the repeat (found
    // from outside: repeats, such as a mail client retrying its one-click, inflated the dashboard).
    expect(detail.body.data.consentHistory.filter((h) => h.source === 'public-page').map((h) => h.action)).toEqual(['optout', 'optout']);
    const back = await callApi(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'optin', channel: 'sms' } });
    expect(back.body.data).toMatchObject({ smsOptIn: true });
  });

  it('accepts the RFC 8058 one-click unsubscribe POST', async () => {
    const { token } = await contactWithToken({ email: 'ann@x.io', emailOptIn: true });
    const request = new Request(`http://localhost/api/member/public/${token}/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    const res = await publicConsent.POST(request, { params: Promise.resolve({ token }) });
    expect(res.status).toBe(200);
    expect((await res.json()).data.emailOptIn).toBe(false);
    // The address removed since: the mail client's one-click still hears "done", and nothing changes.
    const { token: phoneOnly } = await contactWithToken({ phone: '+85291234567', smsOptIn: true });
    const oneClick = new Request(`http://localhost/api/member/public/${phoneOnly}/consent`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const removed = await publicConsent.POST(oneClick, { params: Promise.resolve({ token: phoneOnly }) });
    expect(removed.status).toBe(200);
    expect((await removed.json()).data).toMatchObject({ channels: ['sms'], smsOptIn: true });
  });

  it('answers 404 for an unknown or malformed token, and 400 beside the field for a channel the contact lacks', async () => {
    const { token } = await contactWithToken({ email: 'ann@x.io' });
    expect((await callApi(publicView.GET, { path: '/x', params: { token: 'A'.repeat(32) } })).status).toBe(404);
    expect((await callApi(publicView.GET, { path: '/x', params: { token: "'; drop table contacts; --" } })).status).toBe(404);
    const lacking = await callApi<unknown>(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'optout', channel: 'sms' } });
    expect(lacking.status).toBe(400);
    expect(lacking.body).toMatchObject({ code: 400, msg: 'This contact has no address on that channel' });
    expect((await callApi(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'maybe' } })).status).toBe(400);
  });
});
