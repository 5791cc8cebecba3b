import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createStaff } from './team-helpers';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { outbox } from '@/db/schema/outbox';
import { merchants } from '@/db/schema/merchants';
import { campaigns } from '@/db/schema/campaigns';
import { users } from '@/db/schema/users';
import { deleteAccount } from '@/lib/auth/delete-account';
import { refreshServiceEmailStatus, sendServiceEmailVerification } from '@/lib/merchant/service-email';
import { seedAll } from '@/lib/seed/run';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { DEMO_STAFF_EMAIL } from '@/lib/seed/accounts';
import { DELETE as deleteUser } from '@/app/api/user/route';
import { login } from '@/lib/auth/login';
import { POST as sendPhoneCode } from '@/app/api/merchant/phone/sendCode/route';
import { POST as verifyPhone } from '@/app/api/merchant/phone/verify/route';
import { GET as getProfile, PUT as putProfile } from '@/app/api/merchant/profile/route';
import { PUT as putServiceEmail } from '@/app/api/merchant/serviceEmail/route';
import { POST as sendVerification } from '@/app/api/merchant/serviceEmail/sendVerification/route';
import { GET as status } from '@/app/api/merchant/serviceEmail/status/route';
import { POST as confirm } from '@/app/api/merchant/serviceEmail/confirm/route';
import { GET as subscription } from '@/app/api/user/subscription/route';
import { POST as startTrial } from '@/app/api/user/subscription/startTrial/route';
import { POST as createTemplate } from '@/app/api/campaign/template/route';

const t = setupTestDatabase();

async function lastMessageTo(to: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

describe(`profile, subscription and deletion (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('reads and updates the merchant name and address', async () => {
    const m = await createMerchant(t.db, { name: '老街茶餐厅' });
    const before = await callApi<{ name: string }>(getProfile, { path: '/merchant/profile', token: m.token });
    expect(before.body.data.name).toBe('老街茶餐厅');
    const blank = await callApi(putProfile, { method: 'PUT', path: '/merchant/profile', token: m.token, body: { merchantName: ' ', address: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.data).toMatchObject({ fieldErrors: { merchantName: 'This field is required', address: 'This field is required' } });
    const saved = await callApi<{ name: string; address: string }>(putProfile, { method: 'PUT', path: '/merchant/profile', token: m.token, body: { merchantName: 'Old Street Café 老街', address: '香港中環士丹利街 24 號' } });
    expect(saved.body.data).toMatchObject({ name: 'Old Street Café 老街', address: '香港中環士丹利街 24 號' });
  });

  it('verifies a phone with a 6-digit SMS code; phone and code are both required', async () => {
    const m = await createMerchant(t.db);
    const missing = await callApi(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: m.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ fieldErrors: { phone: 'This field is required', code: 'This field is required' } });
    const shortPhone = await callApi(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: '12345' } });
    expect(shortPhone.body.data).toMatchObject({ fieldErrors: { phone: 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)' } });

    const sent = await callApi<{ phone: string }>(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: '+852 9123 4567' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.phone).toBe('+85291234567');
    const sms = await lastMessageTo('+85291234567');
    expect(sms).toMatchObject({ channel: 'sms', merchantId: m.merchantId });
    const code = /(\d{6})/.exec(sms.body ?? '')?.[1] ?? '';

    const again = await callApi(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: '+852 9123 4567' } });
    expect(again.status).toBe(429);

    const wrong = await callApi(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: m.token, body: { phone: '+85291234567', code: code === '000000' ? '000001' : '000000' } });
    expect(wrong.status).toBe(400);
    // A code proves only the number it was sent to, for the merchant it was sent for.
    const other = await createMerchant(t.db);
    expect((await callApi(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: other.token, body: { phone: '+85291234567', code } })).status).toBe(400);
    const ok = await callApi<{ phone: string; phoneVerified: boolean }>(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: m.token, body: { phone: '+852-9123-4567', code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ phone: '+85291234567', phoneVerified: true });
  });

  it('walks the service e-mail through its verification states', async () => {
    const m = await createMerchant(t.db, { name: 'Harbour Noodles 海港面馆' });
    const unset = await callApi(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: m.token });
    expect(unset.status).toBe(400);
    expect(unset.body.msg).toBe('Set a service e-mail first');

    const set = await callApi<{ emailVerificationStatus: string }>(putServiceEmail, { method: 'PUT', path: '/merchant/serviceEmail', token: m.token, body: { serviceEmail: 'Hello@Harbour.example' } });
    expect(set.body.data.emailVerificationStatus).toBe('NotStarted');

    const sent = await callApi<{ emailVerificationStatus: string; lastVerificationTime: string }>(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: m.token });
    expect(sent.status).toBe(200);
    expect(sent.body.data.emailVerificationStatus).toBe('Pending');
    const mail = await lastMessageTo('hello@harbour.example');
    expect(mail.text).toContain('Harbour Noodles');
    const token = decodeURIComponent(/verify-email\?token=([^\s"&]+)/.exec(mail.text ?? '')?.[1] ?? '');

    const pending = await callApi(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: m.token });
    expect(pending.status).toBe(409);
    expect(pending.body.msg).toMatch(/already pending/);

    // A day later the link has expired: the refresh action shows Failed, and a new request is allowed.
    const ctxLater = { ...m.ctx, now: () => new Date(Date.now() + 25 * 3600 * 1000) };
    await expect(refreshServiceEmailStatus(ctxLater)).resolves.toMatchObject({ emailVerificationStatus: 'Failed' });
    expect((await callApi(confirm, { method: 'POST', path: '/merchant/serviceEmail/confirm', body: { token } })).status).toBe(200);
    // ...the old link still worked within its own 24 h in real time; the address is verified.
    const refreshed = await callApi<{ emailVerificationStatus: string }>(status, { path: '/merchant/serviceEmail/status', token: m.token });
    expect(refreshed.body.data.emailVerificationStatus).toBe('Success');
    const reused = await callApi(confirm, { method: 'POST', path: '/merchant/serviceEmail/confirm', body: { token } });
    expect(reused.status).toBe(400);

    // Changing the address starts over.
    const changed = await callApi<{ emailVerificationStatus: string }>(putServiceEmail, { method: 'PUT', path: '/merchant/serviceEmail', token: m.token, body: { serviceEmail: 'team@harbour.example' } });
    expect(changed.body.data.emailVerificationStatus).toBe('NotStarted');
    await sendServiceEmailVerification(m.ctx, 'http://shop.test');
    const newLink = (await lastMessageTo('team@harbour.example')).text ?? '';
    expect(newLink).toContain('http://shop.test/portal/verify-email?token=');
    // A link for the old address proves nothing about the new one.
    await t.db.update(merchants).set({ serviceEmail: 'elsewhere@harbour.example' }).where(eq(merchants.id, m.merchantId));
    const stale = decodeURIComponent(/token=([^\s"&]+)/.exec(newLink)?.[1] ?? '');
    expect((await callApi(confirm, { method: 'POST', path: '/merchant/serviceEmail/confirm', body: { token: stale } })).status).toBe(400);
  });

  it('starts a 14-day trial once, and the server refuses template edits while trialing', async () => {
    const fresh = await createMerchant(t.db, { subscriptionStatus: 'NONE' });
    const before = await callApi<{ plan: string; canStartTrial: boolean }>(subscription, { path: '/user/subscription', token: fresh.token });
    expect(before.body.data).toMatchObject({ currentStatus: 'NONE', plan: 'none', canStartTrial: true, trialEndTime: null });

    // The plan is the owner's: a staff member is refused, and no trial starts.
    const staff = await createStaff(t.db, fresh.merchantId);
    const byStaff = await callApi(startTrial, { method: 'POST', path: '/user/subscription/startTrial', token: staff.token });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.msg).toBe("Only the merchant's owner can do this.");
    expect((await callApi<{ plan: string }>(subscription, { path: '/user/subscription', token: fresh.token })).body.data.plan).toBe('none');

    const started = await callApi<{ currentStatus: string; trialEndTime: string; trialing: boolean; trialDaysLeft: number }>(startTrial, { method: 'POST', path: '/user/subscription/startTrial', token: fresh.token });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ currentStatus: 'TRIAL_ACTIVE', plan: 'trial', trialing: true, trialDaysLeft: 14 });
    expect(new Date(started.body.data.trialEndTime).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect((await callApi(startTrial, { method: 'POST', path: '/user/subscription/startTrial', token: fresh.token })).status).toBe(409);

    const refused = await callApi(createTemplate, { method: 'POST', path: '/campaign/template', token: fresh.token, body: { templateName: 'Trial', type: 1, content: 'Hi {{firstName}}' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Trial accounts cannot edit this. Upgrade your plan to continue.');

    // An expired trial shows as expired and stays locked.
    await t.db.update(merchants).set({ trialEndTime: new Date(Date.now() - 1000) }).where(eq(merchants.id, fresh.merchantId));
    const expired = await callApi<{ plan: string }>(subscription, { path: '/user/subscription', token: fresh.token });
    expect(expired.body.data).toMatchObject({ currentStatus: 'EXPIRED', plan: 'expired' });
    expect((await callApi(createTemplate, { method: 'POST', path: '/campaign/template', token: fresh.token, body: { templateName: 'Trial', type: 1, content: 'Hi' } })).status).toBe(403);

    const paid = await createMerchant(t.db, { subscriptionStatus: 'premium' });
    expect((await callApi(createTemplate, { method: 'POST', path: '/campaign/template', token: paid.token, body: { templateName: 'Paid', type: 1, content: 'Hi {{firstName}}' } })).status).toBe(200);
    expect((await callApi<{ plan: string }>(subscription, { path: '/user/subscription', token: paid.token })).body.data.plan).toBe('premium');
    expect((await callApi(startTrial, { method: 'POST', path: '/user/subscription/startTrial', token: paid.token })).status).toBe(409);
  });

  it("lets a staff member delete only their own user, never the merchant", async () => {
    await seedAll(t.db);
    const publicCtx = { db: t.db, locale: 'en-US' as const, now: () => new Date() };
    const staff = await login(publicCtx, { email: DEMO_STAFF_EMAIL, password: DEMO_PASSWORD });
    const merchantId = staff.user.merchantId;
    const [contactsBefore] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${merchantId}`);
    const refused = await callApi(deleteUser, { method: 'DELETE', path: '/user', token: staff.accessToken, body: { password: 'wrong-password-123' } });
    expect(refused.status).toBe(400);
    // An empty password is asked for by name, as the settings dialog asks (the same schema).
    const empty = await callApi<{ fieldErrors?: Record<string, string> }>(deleteUser, { method: 'DELETE', path: '/user', token: staff.accessToken, body: { password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.data?.fieldErrors?.password).toBe('Enter your password');
    const ok = await callApi(deleteUser, { method: 'DELETE', path: '/user', token: staff.accessToken, body: { password: DEMO_PASSWORD } });
    expect(ok.status).toBe(200);

    expect(await t.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL))).toHaveLength(0);
    expect(await t.db.select().from(merchants).where(eq(merchants.id, merchantId))).toHaveLength(1);
    const owner = await t.db.select({ role: users.role }).from(users).where(eq(users.email, DEMO_EMAIL));
    expect(owner).toEqual([{ role: 'owner' }]);
    const [contactsAfter] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${merchantId}`);
    expect(contactsAfter.n).toBe(contactsBefore.n);
    expect(contactsAfter.n).toBeGreaterThan(0);
    // The deleted staff member's token is dead at once; the owner still signs in.
    expect((await callApi(deleteUser, { method: 'DELETE', path: '/user', token: staff.accessToken, body: { password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await login(publicCtx, { email: DEMO_EMAIL, password: DEMO_PASSWORD })).user.merchantId).toBe(merchantId);
  });

  it("deletes the demo merchant's every row, including restricted and key-less tables", async () => {
    await seedAll(t.db);
    const session = await login({ db: t.db, locale: 'en-US', now: () => new Date() }, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const merchantId = session.user.merchantId;
    const location = await createLocation(t.db, merchantId);
    // campaigns.location_id is ON DELETE RESTRICT: a plain cascade from merchants could fail on it.
    await t.db.insert(campaigns).values({ merchantId, name: '秋季好评邀请', channel: 0, locationId: location.id });
    const ctx = { db: t.db, merchantId, userId: session.user.userId, locale: 'en-US' as const, permissions: session.user.permissions, now: () => new Date() };
    await expect(deleteAccount(ctx, { password: 'wrong' })).rejects.toMatchObject({ messageKey: 'accounts.errors.wrongPassword' });
    await deleteAccount(ctx, { password: DEMO_PASSWORD });

    const tables = await t.db.execute<{ table_name: string }>(sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'merchant_id'`);
    const names = tables.map((r) => r.table_name);
    expect(names.length).toBeGreaterThan(5);
    for (const table of names) {
      const [{ n }] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where merchant_id = ${merchantId}`);
      expect({ table, n }).toEqual({ table, n: 0 });
    }
    expect(await t.db.select().from(merchants).where(eq(merchants.id, merchantId))).toHaveLength(0);
    expect(await t.db.select().from(users).where(and(eq(users.merchantId, merchantId)))).toHaveLength(0);
    // Other merchants' rows and the common templates are untouched.
    const [common] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from templates where merchant_id = 0`);
    expect(common.n).toBeGreaterThan(0);
  });
});

