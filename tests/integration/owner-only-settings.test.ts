import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { locations } from '@/db/schema/locations';
import { reviewSources } from '@/db/schema/sources';
import { merchantSendingSettings } from '@/db/schema/sending';
import { createStaff } from './team-helpers';
import { DELETE as deleteLocation } from '@/app/api/merchant/location/[id]/route';
import { PUT as setLocationStatus } from '@/app/api/merchant/location/[id]/status/route';
import { POST as connectSandbox } from '@/app/api/sources/sandbox/connect/route';
import { POST as disconnectSource } from '@/app/api/sources/[id]/disconnect/route';
import { PUT as putSendingSettings } from '@/app/api/sending/settings/route';

/**
 * Found from outside: staff could delete and disable locations, connect and disconnect the review
 * source and change the merchant-wide frequency cap. Those are the owner's now; staff hear 403 with
 * the reason and nothing changes. (Staff add and edit locations, sync and link the source.)
 */
const t = setupTestDatabase();

describe(`the owner's settings (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses staff, with the reason, and changes nothing; the owner may', async () => {
    const owner = await createMerchant(t.db);
    const staff = await createStaff(t.db, owner.merchantId);
    const location = await createLocation(t.db, owner.merchantId);
    const id = String(location.id);

    const status = await callApi(setLocationStatus, { method: 'PUT', path: `/merchant/location/${id}/status?status=0`, token: staff.token, params: { id } });
    const removal = await callApi(deleteLocation, { method: 'DELETE', path: `/merchant/location/${id}`, token: staff.token, params: { id } });
    const settings = await callApi(putSendingSettings, { method: 'PUT', path: '/sending/settings', token: staff.token, body: { frequencyCapDays: 0 } });
    const connect = await callApi(connectSandbox, { method: 'POST', path: '/sources/sandbox/connect', token: staff.token });
    for (const answer of [status, removal, settings]) expect([answer.status, answer.body.msg]).toEqual([403, "Only the merchant's owner can do this."]);
    expect([connect.status, connect.body.msg]).toEqual([403, 'Only the business owner can connect or disconnect review sources.']);
    expect(await t.db.select({ enabled: locations.enabled }).from(locations).where(eq(locations.id, location.id))).toEqual([{ enabled: true }]);
    expect(await t.db.select().from(merchantSendingSettings).where(eq(merchantSendingSettings.merchantId, owner.merchantId))).toHaveLength(0);
    expect(await t.db.select().from(reviewSources).where(eq(reviewSources.merchantId, owner.merchantId))).toHaveLength(0);

    // The owner connects; staff may not disconnect what the owner connected.
    const connected = await callApi<{ sourceId: number }>(connectSandbox, { method: 'POST', path: '/sources/sandbox/connect', token: owner.token });
    expect(connected.status).toBe(200);
    const sourceId = String(connected.body.data.sourceId);
    const cut = await callApi(disconnectSource, { method: 'POST', path: `/sources/${sourceId}/disconnect`, token: staff.token, params: { id: sourceId } });
    expect(cut.status).toBe(403);
    expect(await t.db.select({ status: reviewSources.status }).from(reviewSources).where(eq(reviewSources.merchantId, owner.merchantId))).toEqual([{ status: 'connected' }]);

    expect((await callApi(putSendingSettings, { method: 'PUT', path: '/sending/settings', token: owner.token, body: { frequencyCapDays: 7 } })).status).toBe(200);
    expect((await callApi(setLocationStatus, { method: 'PUT', path: `/merchant/location/${id}/status?status=0`, token: owner.token, params: { id } })).status).toBe(200);
    expect((await callApi(deleteLocation, { method: 'DELETE', path: `/merchant/location/${id}`, token: owner.token, params: { id } })).status).toBe(200);
  });
});
