import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { signAccessToken } from '@/lib/auth/tokens';
import { BULK_SENDER_THRESHOLD } from '@/lib/deliverability/limits';
import type { DomainReport } from '@/lib/deliverability/types';
import * as checkRoute from '@/app/api/merchant/serviceEmail/deliverability/route';
import * as rotateRoute from '@/app/api/merchant/serviceEmail/deliverability/rotateKey/route';
import * as ratesRoute from '@/app/api/dashboard/sendingRates/route';
import * as sendRoute from '@/app/api/campaign/[id]/send/route';
import { callApi } from '@/tests/fixtures/api';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';
import { seedAll } from '@/lib/seed/run';
import { lastDomainReport, merchantDkimSigning } from '@/lib/deliverability/sender-domain';
import { startLoopbackDns, type LoopbackDns } from '@/tests/fixtures/dns-server';

const t = setupTestDatabase();
const INCLUDE = 'spf.mailer.test';
let dns: LoopbackDns;
const saved = { ...process.env };

beforeAll(async () => {
  dns = await startLoopbackDns();
  Object.assign(process.env, { DELIVERABILITY_DNS_SERVERS: dns.address, DELIVERABILITY_DNS_TIMEOUT_MS: '300', MAIL_SPF_INCLUDE: INCLUDE });
  delete process.env.MAIL_DKIM_SELECTORS;
});
afterAll(async () => {
  process.env = saved;
  await dns.close();
});
beforeEach(() => {
  dns.zone.clear();
  dns.mute.clear();
});

async function merchantWithServiceEmail(email: string): Promise<TestMerchant> {
  const m = await createMerchant(t.db);
  await t.db.update(merchants).set({ serviceEmail: email, emailVerificationStatus: 'Success' }).where(eq(merchants.id, m.merchantId));
  return m;
}

const check = (m: TestMerchant) => callApi<{ report: DomainReport }>(checkRoute.POST, { method: 'POST', path: '/merchant/serviceEmail/deliverability', token: m.token });

/** Publishes every record the report asks for: the domain then passes. */
function publishFixes(report: DomainReport) {
  for (const r of report.results) {
    if (!r.record) continue;
    const entry = dns.zone.get(r.record.name) ?? {};
    if (r.record.type === 'TXT') entry.TXT = [...(entry.TXT ?? []).filter((v) => !v.startsWith(r.record?.value.slice(0, 6) ?? '')), r.record.value];
    else entry.MX = [{ priority: 10, exchange: r.record.value.split(' ')[1] }];
    dns.zone.set(r.record.name, entry);
  }
}

describe('the deliverability check through the API', () => {
  it('answers each check with the record to add, then passes once they are published', async () => {
    const m = await merchantWithServiceEmail(`hello@${crypto.randomBytes(3).toString('hex')}.test`);
    const first = await check(m);
    expect(first.status).toBe(200);
    expect(first.body.data.report.verdict).toBe('fail');
    expect(first.body.data.report.results.filter((r) => r.record).map((r) => r.check)).toEqual(['spf', 'dkim', 'dmarc', 'mx']);
    // Our selector not published yet: nothing to sign with.
    expect(await merchantDkimSigning(t.db, m.merchantId)).toBeNull();
    publishFixes(first.body.data.report);
    const second = await check(m);
    expect(second.body.data.report.verdict).toBe('pass');
    expect(await merchantDkimSigning(t.db, m.merchantId)).toMatchObject({ domainName: second.body.data.report.domain, keySelector: expect.stringMatching(/^sl\d{14}$/) });
    // Stored: the GET answers the last check.
    const last = await callApi<{ report: DomainReport }>(checkRoute.GET, { path: '/merchant/serviceEmail/deliverability', token: m.token });
    expect(last.body.data.report).toEqual(second.body.data.report);
  });

  it('a DNS timeout answers "could not check" with 200, never a 500 and never a pass', async () => {
    const domain = `${crypto.randomBytes(3).toString('hex')}.test`;
    const m = await merchantWithServiceEmail(`hello@${domain}`);
    publishFixes((await check(m)).body.data.report);
    for (const name of dns.zone.keys()) dns.mute.add(name);
    const answer = await check(m);
    expect(answer.status).toBe(200);
    expect(answer.body.data.report.verdict).toBe('unknown');
  });

  it('a free mailbox is refused with its reason; no service e-mail is a 400 beside the field', async () => {
    const m = await merchantWithServiceEmail('myshop@qq.com');
    const answer = await check(m);
    expect(answer.body.data.report).toMatchObject({ verdict: 'fail', results: [{ check: 'freeMailbox', status: 'wrong', reason: 'freeMailbox' }] });
    const none = await createMerchant(t.db);
    expect((await check(none)).status).toBe(400);
  });

  it('only the owner replaces the DKIM key; the new selector is the record to publish', async () => {
    const m = await merchantWithServiceEmail(`hello@${crypto.randomBytes(3).toString('hex')}.test`);
    const before = (await check(m)).body.data.report.results.find((r) => r.check === 'dkim')?.record?.name;
    const [staff] = await t.db.insert(users).values({ merchantId: m.merchantId, email: `s-${crypto.randomBytes(3).toString('hex')}@example.com`, name: 'S', passwordHash: 'x', role: 'staff', permissions: [] }).returning({ id: users.id });
    const staffToken = (await signAccessToken(staff.id, m.merchantId, new Date())).token;
    expect((await callApi(rotateRoute.POST, { method: 'POST', path: '/merchant/serviceEmail/deliverability/rotateKey', token: staffToken })).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // selectors are named to the second
    const rotated = await callApi<{ report: DomainReport }>(rotateRoute.POST, { method: 'POST', path: '/merchant/serviceEmail/deliverability/rotateKey', token: m.token });
    expect(rotated.status).toBe(200);
    const after = rotated.body.data.report.results.find((r) => r.check === 'dkim')?.record?.name;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('the demo merchant shows a half-set-up domain: the records still to publish', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const [demo] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.serviceEmail, 'hello@morninglight.example'));
    const report = await lastDomainReport({ db: t.db, merchantId: demo.id });
    expect(report?.verdict).toBe('fail');
    expect(report?.results.filter((r) => r.record).map((r) => r.check)).toEqual(['dkim', 'dmarc']);
  });

  it('the dashboard rates route answers both windows', async () => {
    const m = await createMerchant(t.db);
    const answer = await callApi<{ week: { days: number }; month: { days: number } }>(ratesRoute.GET, { path: '/dashboard/sendingRates', token: m.token });
    expect(answer.status).toBe(200);
    expect([answer.body.data.week.days, answer.body.data.month.days]).toEqual([7, 30]);
  });
});

describe('sending a campaign from a domain that fails', () => {
  it(`over ${BULK_SENDER_THRESHOLD} recipients: refused with the records to add, nothing queued; passing: sent`, async () => {
    const domain = `${crypto.randomBytes(3).toString('hex')}.test`;
    const m = await merchantWithServiceEmail(`hello@${domain}`);
    const scene = await createSendingScene(t.db, { merchant: m, count: BULK_SENDER_THRESHOLD + 1, campaign: { status: CampaignStatus.DRAFT, startTime: null, snapshotId: null } });
    const send = () => callApi<{ domainReport?: DomainReport }>(sendRoute.POST, { method: 'POST', path: `/campaign/${scene.campaignId}/send`, token: m.token, params: { id: String(scene.campaignId) } });
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(domain);
    expect(refused.body.data.domainReport?.results.find((r) => r.check === 'spf')?.record?.value).toBe(`v=spf1 include:${INCLUDE} ~all`);
    const [row] = await t.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, scene.campaignId));
    expect(row.status).toBe(CampaignStatus.DRAFT);
    const [{ n }] = await t.db.execute<{ n: string }>(sql`select count(*) as n from deliveries where campaign_id = ${scene.campaignId}`);
    expect(Number(n)).toBe(0);

    // DNS silent: "could not check" is refused too, with its own message.
    publishFixes(refused.body.data.domainReport as DomainReport);
    for (const name of dns.zone.keys()) dns.mute.add(name);
    await check(m);
    const unchecked = await send();
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.msg).toMatch(/could not be checked/);

    dns.mute.clear();
    await check(m);
    expect((await send()).status).toBe(200);
  });

  it('below the threshold a failing domain is sent (the form warned)', async () => {
    const m = await merchantWithServiceEmail(`hello@${crypto.randomBytes(3).toString('hex')}.test`);
    const scene = await createSendingScene(t.db, { merchant: m, count: 3, campaign: { status: CampaignStatus.DRAFT, startTime: null, snapshotId: null } });
    const answer = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${scene.campaignId}/send`, token: m.token, params: { id: String(scene.campaignId) } });
    expect(answer.status).toBe(200);
  });
});
