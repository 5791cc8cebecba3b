import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { campaigns, deliveries } from '@/db/schema/campaigns';
import { contacts } from '@/db/schema/contacts';
import { merchants } from '@/db/schema/merchants';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();

// Deliveries have no foreign keys (migration 0010: per-row checks halved queuing speed); these
// statement triggers keep the cascade a key gave.
describe('deliveries follow their campaign and contacts', () => {
  const countFor = async (campaignId: number) => (await t.db.select().from(deliveries).where(eq(deliveries.campaignId, campaignId))).length;

  it('deleting contacts deletes their deliveries, and only theirs', async () => {
    const scene = await createSendingScene(t.db, { count: 3 });
    const other = await createSendingScene(t.db, { count: 2 });
    expect(await countFor(scene.campaignId)).toBe(3);
    await t.db.delete(contacts).where(inArray(contacts.id, scene.contactIds.slice(0, 2)));
    const left = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(left.map((d) => d.contactId)).toEqual([scene.contactIds[2]]);
    expect(await countFor(other.campaignId)).toBe(2);
  });

  it('deleting a campaign deletes its deliveries', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const other = await createSendingScene(t.db, { count: 2 });
    await t.db.delete(campaigns).where(eq(campaigns.id, scene.campaignId));
    expect(await countFor(scene.campaignId)).toBe(0);
    expect(await countFor(other.campaignId)).toBe(2);
  });

  it("deleting a merchant deletes its deliveries through its campaigns and contacts", async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    await t.db.delete(merchants).where(eq(merchants.id, scene.merchant.merchantId));
    expect(await countFor(scene.campaignId)).toBe(0);
  });
});
