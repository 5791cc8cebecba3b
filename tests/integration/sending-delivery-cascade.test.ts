import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { campaigns, memberSnapshots, snapshotMembers } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { consentEvents, contacts } from '@/db/schema/contacts';
import { recordConsent } from '@/lib/consent/record-consent';
import { merchants } from '@/db/schema/merchants';
import { deliveryEvents } from '@/db/schema/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();

// Deliveries and consent history have no foreign keys (migrations 0010 and 0012: per-row checks
// were half the cost of queuing a campaign and of an import's history); statement triggers keep
// the cascade a key gave.
describe('deliveries and consent history follow their campaign and contacts', () => {
  const countFor = async (campaignId: number) => (await t.db.select().from(deliveries).where(eq(deliveries.campaignId, campaignId))).length;

  it('deleting contacts deletes their deliveries and consent history, and only theirs', async () => {
    const scene = await createSendingScene(t.db, { count: 3 });
    const other = await createSendingScene(t.db, { count: 2 });
    const at = new Date();
    for (const contactId of [...scene.contactIds, other.contactIds[0]]) {
      await recordConsent(t.db, { merchantId: scene.merchant.merchantId, contactId, channel: 'email', action: 'optout', source: 'manual', at });
    }
    await recordConsent(t.db, { merchantId: other.merchant.merchantId, contactId: other.contactIds[0], channel: 'sms', action: 'optout', source: 'manual', at });
    expect(await countFor(scene.campaignId)).toBe(3);
    await t.db.delete(contacts).where(inArray(contacts.id, scene.contactIds.slice(0, 2)));
    const left = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(left.map((d) => d.contactId)).toEqual([scene.contactIds[2]]);
    expect(await countFor(other.campaignId)).toBe(2);
    const history = await t.db.select().from(consentEvents).where(inArray(consentEvents.contactId, [...scene.contactIds, ...other.contactIds]));
    // Another merchant's contact id writes nothing; the deleted contacts' history went with them.
    expect(history.map((h) => `${h.contactId}:${h.channel}`).sort()).toEqual([`${scene.contactIds[2]}:email`, `${other.contactIds[0]}:sms`].sort());
  });

  it('deleting a campaign deletes its deliveries', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const other = await createSendingScene(t.db, { count: 2 });
    await t.db.delete(campaigns).where(eq(campaigns.id, scene.campaignId));
    expect(await countFor(scene.campaignId)).toBe(0);
    expect(await countFor(other.campaignId)).toBe(2);
  });

  it("deleting a merchant deletes its deliveries (and their events) through its campaigns and contacts", async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).limit(1);
    await t.db.insert(deliveryEvents).values({ merchantId: scene.merchant.merchantId, deliveryId: delivery.id, type: 'opened' });
    await t.db.delete(merchants).where(eq(merchants.id, scene.merchant.merchantId));
    expect(await countFor(scene.campaignId)).toBe(0);
    expect(await t.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, delivery.id))).toEqual([]);
  });

  // Snapshot members have no foreign keys either (migration 0027: a key's check and lock per member
  // of a million-member snapshot).
  it('snapshot members follow their contacts, their snapshot and their merchant', async () => {
    const scene = await createSendingScene(t.db, { count: 3 });
    const other = await createSendingScene(t.db, { count: 2 });
    const [{ snapshotId }] = await t.db.select({ snapshotId: campaigns.snapshotId }).from(campaigns).where(eq(campaigns.id, scene.campaignId));
    const [{ snapshotId: otherSnapshot }] = await t.db.select({ snapshotId: campaigns.snapshotId }).from(campaigns).where(eq(campaigns.id, other.campaignId));
    const membersOf = async (id: number | null) => (await t.db.select().from(snapshotMembers).where(eq(snapshotMembers.snapshotId, id ?? 0))).map((m) => m.contactId).sort((a, b) => a - b);
    expect(await membersOf(snapshotId)).toEqual([...scene.contactIds].sort((a, b) => a - b));
    await t.db.delete(contacts).where(eq(contacts.id, scene.contactIds[0]));
    expect(await membersOf(snapshotId)).toEqual(scene.contactIds.slice(1).sort((a, b) => a - b));
    await t.db.update(campaigns).set({ snapshotId: null }).where(eq(campaigns.id, scene.campaignId));
    await t.db.delete(memberSnapshots).where(eq(memberSnapshots.id, snapshotId ?? 0));
    expect(await membersOf(snapshotId)).toEqual([]);
    expect(await membersOf(otherSnapshot)).toHaveLength(2);
    await t.db.delete(merchants).where(eq(merchants.id, other.merchant.merchantId));
    expect(await membersOf(otherSnapshot)).toEqual([]);
  });
});
