import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { contacts } from '@/db/schema/contacts';
import { createSnapshot, pageSnapshot } from '@/lib/campaigns/snapshots';
import { filterConditionsSchema, snapshotInputSchema } from '@/lib/campaigns/schema';
import { addContact, addHistory } from './campaigns-fixtures';

const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const DAY = 24 * 3600 * 1000;
const NOW = new Date('2026-06-15T04:00:00Z');

let m: TestMerchant;
let loc: number;
const ids: Record<string, number> = {};

/** Members of one location, each built to pass or fail one filter. */
beforeAll(async () => {
  m = await createMerchant(t.db);
  m.ctx.now = () => NOW;
  loc = (await createLocation(t.db, m.merchantId, { timezone: 'Asia/Shanghai' })).id;
  const otherLoc = (await createLocation(t.db, m.merchantId, { name: 'Other' })).id;
  const add = async (key: string, values: Partial<typeof contacts.$inferInsert>, location = loc) => {
    ids[key] = (await addContact(t.db, m.merchantId, location, { firstName: key, ...values })).id;
  };
  await add('vip', { email: 'vip@example.com', emailOptIn: true, emailOptInAt: new Date('2026-03-10T02:00:00Z'), tags: ['vip', 'coffee'] });
  await add('regular', { email: 'regular@example.com', emailOptIn: true, emailOptInAt: new Date('2026-05-20T02:00:00Z'), tags: ['coffee'] });
  await add('unknown', { email: 'unknown@example.com', emailOptIn: null });
  await add('optedOut', { email: 'out@example.com', emailOptIn: false });
  await add('bounced', { email: 'bounced@example.com', emailOptIn: true, emailStatus: 'bounced' });
  await add('noEmail', { phone: '+85291234567', emailOptIn: true, smsOptIn: true });
  await add('elsewhere', { email: 'elsewhere@example.com', emailOptIn: true }, otherLoc);
  // History: vip was asked 3 days ago and opened; regular 40 days ago and clicked.
  await addHistory(t.db, m.merchantId, loc, ids.vip, { sentAt: new Date(NOW.getTime() - 3 * DAY), openedAt: new Date(NOW.getTime() - 2 * DAY) });
  await addHistory(t.db, m.merchantId, loc, ids.regular, { sentAt: new Date(NOW.getTime() - 40 * DAY), openedAt: new Date(NOW.getTime() - 39 * DAY), clickedAt: new Date(NOW.getTime() - 39 * DAY) });
});

async function members(channel: number, filterConditions: Record<string, unknown>, recipient: Record<string, string> = {}) {
  const input = snapshotInputSchema.parse({ locationId: loc, campaignChannel: channel, filterConditions, ...recipient });
  const snap = await createSnapshot(m.ctx, input);
  const page = await pageSnapshot(m.ctx, snap.snapshotId, { pageNum: 1, pageSize: 50 });
  expect(page.total).toBe(page.records.length);
  return page.records.map((r) => r.firstName).sort();
}

describe(`snapshot filters (${driver})`, () => {
  it('opt-in only (default) takes opted-in members with a deliverable address of the location', async () => {
    expect(await members(0, {})).toEqual(['regular', 'vip']);
  });
  it('without opt-in only, members who never answered join; opted-out never do', async () => {
    expect(await members(0, { optInOnly: false })).toEqual(['regular', 'unknown', 'vip']);
  });
  it('SMS needs a phone', async () => {
    expect(await members(1, {})).toEqual(['noEmail']);
  });
  it('tags match any of the chosen tags', async () => {
    expect(await members(0, { tags: ['vip'] })).toEqual(['vip']);
    expect(await members(0, { tags: ['coffee', 'tea'] })).toEqual(['regular', 'vip']);
  });
  it('opt-in time range (local dates, end inclusive)', async () => {
    expect(await members(0, { optInTimeRange: ['2026-05-01', '2026-05-20'] })).toEqual(['regular']);
    expect(await members(0, { optInTimeRange: { start: null, end: '2026-04-01' } })).toEqual(['vip']);
  });
  it('last request date range reads the latest sent delivery', async () => {
    expect(await members(0, { lastRequestRange: ['2026-06-10', '2026-06-15'] })).toEqual(['vip']);
    expect(await members(0, { lastRequestRange: ['2026-05-01', '2026-05-10'] })).toEqual(['regular']);
  });
  it('opened e-mail and clicked link', async () => {
    expect(await members(0, { openedEmail: true })).toEqual(['regular', 'vip']);
    expect(await members(0, { clickedLink: true })).toEqual(['regular']);
  });
  it('silent days: no request in the last N days (0 means no limit)', async () => {
    expect(await members(0, { silentDays: 7 })).toEqual(['regular']);
    expect(await members(0, { silentDays: 60 })).toEqual([]);
    expect(await members(0, { silentDays: 0 })).toEqual(['regular', 'vip']);
    expect(filterConditionsSchema.safeParse({ silentDays: 3651 }).success).toBe(false);
    expect(filterConditionsSchema.safeParse({ silentDays: 3650 }).success).toBe(true);
    expect(filterConditionsSchema.safeParse({ silentDays: 'ten' }).success).toBe(false);
  });
  it('a single recipient replaces the audience: found by address, or created as a lead', async () => {
    expect(await members(0, { tags: ['nobody'] }, { recipientEmail: 'VIP@example.com' })).toEqual(['vip']);
    expect(await members(1, {}, { recipientPhone: '+852 6123 4567', recipientName: 'Chan Tai Man' })).toHaveLength(1);
    const [lead] = await t.db.select().from(contacts).where(eq(contacts.phone, '+85261234567'));
    expect(lead).toMatchObject({ type: 'leads', locationId: loc, merchantId: m.merchantId, firstName: 'Chan Tai', lastName: 'Man' });
    // Opted out stays out, even as a single recipient.
    expect(await members(0, {}, { recipientEmail: 'out@example.com' })).toEqual([]);
    await expect(createSnapshot(m.ctx, snapshotInputSchema.parse({ locationId: loc, campaignChannel: 0, recipientPhone: '+85261234567' }))).rejects.toThrow('campaigns.errors.recipientAddress');
  });
});
