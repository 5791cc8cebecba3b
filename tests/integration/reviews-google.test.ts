import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '@/tests/fixtures/fake-google';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { makeReviews, startFakeGoogle, type FakeGoogle } from '@/tests/fixtures/fake-google';
import { reviewSources } from '@/db/schema/sources';
import { reviews } from '@/db/schema/reviews';
import { locations } from '@/db/schema/locations';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { POST as connectGoogle } from '@/app/api/sources/google/connect/route';
import { GET as callback } from '@/app/api/sources/google/callback/route';
import { GET as overview } from '@/app/api/sources/route';
import { GET as accountsRoute } from '@/app/api/sources/[id]/accounts/route';
import { GET as locationsRoute } from '@/app/api/sources/[id]/locations/route';
import { POST as syncRoute } from '@/app/api/sources/[id]/sync/route';
import { POST as disconnectRoute } from '@/app/api/sources/[id]/disconnect/route';
import { POST as linkRoute } from '@/app/api/sources/locations/link/route';
import { PUT as replyPut, DELETE as replyDelete } from '@/app/api/reviews/[id]/reply/route';
import { POST as cronRoute } from '@/app/api/cron/sync-reviews/route';

const t = setupTestDatabase();
let fake: FakeGoogle;
let owner: TestMerchant;
let other: TestMerchant;
let sourceId: number;
let ourLocationId: number;
const saved: Record<string, string | undefined> = {};

const A1 = 'accounts/1001';
const L1 = 'locations/2001';

beforeAll(async () => {
  fake = await startFakeGoogle();
  for (const [k, v] of Object.entries({ ...fake.env, CRON_SECRET: 'cron-secret-for-tests' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  fake.accounts.push({ name: A1, accountName: 'Morning Light Group', type: 'LOCATION_GROUP' }, { name: 'accounts/1002', accountName: 'Second', type: 'PERSONAL' }, { name: 'accounts/1003', accountName: 'Third', type: 'PERSONAL' });
  fake.locations.set(A1, [
    { name: L1, title: 'Jing’an store', storefrontAddress: { addressLines: ['1266 West Nanjing Rd'], locality: 'Shanghai' }, metadata: { placeId: 'PLACE1', newReviewUri: 'https://g.page/r/place1/review' } },
    { name: 'locations/2002', title: 'Xuhui store', storefrontAddress: { addressLines: ['2555 Longteng Ave'], locality: 'Shanghai' } },
    { name: 'locations/2003', title: 'Pop-up', storefrontAddress: { addressLines: ['Expo'], locality: 'Shanghai' } },
  ]);
  fake.locations.set('accounts/1002', []);
  fake.locations.set('accounts/1003', []);
  fake.reviews.set(`${A1}/${L1}`, makeReviews(A1, L1, 120));
  owner = await createMerchant(t.db);
  other = await createMerchant(t.db);
  ourLocationId = (await createLocation(t.db, owner.merchantId, { name: '晨光咖啡 静安店' })).id;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await fake?.close();
});

async function startConnect(m: TestMerchant) {
  const answer = await callApi<{ url: string }>(connectGoogle, { method: 'POST', path: '/sources/google/connect', token: m.token });
  expect(answer.status).toBe(200);
  return answer.body.data.url;
}

async function finish(m: TestMerchant, query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  const request = new Request(`http://localhost/api/sources/google/callback?${qs}`, { headers: { authorization: `Bearer ${m.token}` } });
  const response = await callback(request, { params: Promise.resolve({}) });
  return new URL(response.headers.get('location') ?? '');
}

describe(`Google Business Profile (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('asks for consent with PKCE, offline access and the business.manage scope', async () => {
    const url = new URL(await startConnect(owner));
    expect(url.origin + url.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    const p = url.searchParams;
    expect(p.get('scope')).toBe('https://www.googleapis.com/auth/business.manage');
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('prompt')).toBe('consent');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(must(p.get('state')).length).toBeGreaterThanOrEqual(32);
    expect(p.get('redirect_uri')).toBe('http://127.0.0.1:3107/api/sources/google/callback');
  });

  it('refuses a forged state, a state of another merchant, and a denied consent', async () => {
    const url = await startConnect(owner);
    const { code } = await fake.authorize(url);
    expect((await finish(owner, { state: 'forged-state', code: must(code) })).searchParams.get('error')).toBe('sources.errors.badState');
    // The owner's state in another merchant's session is refused too (and is spent).
    const { state } = await fake.authorize(await startConnect(owner));
    expect((await finish(other, { state, code: 'x' })).searchParams.get('error')).toBe('sources.errors.badState');
    const denied = await fake.authorize(await startConnect(owner), false);
    expect((await finish(owner, { state: denied.state, error: must(denied.error) })).searchParams.get('error')).toBe('sources.errors.consentDenied');
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviewSources);
    expect(n).toBe(0);
  });

  it('exchanges the code with the verifier and stores the tokens encrypted', async () => {
    const { code, state } = await fake.authorize(await startConnect(owner));
    const back = await finish(owner, { state, code: must(code) });
    expect(back.pathname).toBe('/sources');
    sourceId = Number(back.searchParams.get('connected'));
    const [row] = await t.db.select().from(reviewSources).where(eq(reviewSources.id, sourceId));
    expect(row.status).toBe('connected');
    expect(row.provider).toBe('google');
    expect(row.scopes).toEqual(['https://www.googleapis.com/auth/business.manage']);
    const issued = must(fake.issuedRefreshTokens.at(-1));
    expect(row.refreshTokenEnc).not.toContain(issued);
    expect(decryptSecret(row.refreshTokenEnc)).toBe(issued);
    expect(must(row.tokenExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const tokenCall = must(fake.requests.filter((r) => r.path === '/token').at(-1));
    expect(new URLSearchParams(tokenCall.body).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A state is good once.
    expect((await finish(owner, { state, code: must(code) })).searchParams.get('error')).toBe('sources.errors.badState');
    const list = await callApi<{ sources: { id: number; status: string }[] }>(overview, { path: '/sources', token: owner.token });
    expect(list.body.data.sources).toEqual([expect.objectContaining({ id: sourceId, status: 'connected' })]);
    expect(JSON.stringify(list.body)).not.toContain('rt-');
  });

  it('pages accounts and locations (with a readMask) from the provider', async () => {
    fake.pageSize.accounts = 2;
    fake.pageSize.locations = 2;
    const first = await callApi<{ items: { id: string; name: string }[]; nextPageToken: string | null }>(accountsRoute, { path: '/sources/x/accounts', token: owner.token, params: { id: String(sourceId) } });
    expect(first.body.data.items.map((a) => a.id)).toEqual([A1, 'accounts/1002']);
    expect(first.body.data.nextPageToken).toBe('2');
    const second = await callApi<{ items: { id: string }[]; nextPageToken: string | null }>(accountsRoute, { path: '/sources/x/accounts?pageToken=2', token: owner.token, params: { id: String(sourceId) } });
    expect(second.body.data.items.map((a) => a.id)).toEqual(['accounts/1003']);
    expect(second.body.data.nextPageToken).toBeNull();
    const locs = await callApi<{ items: { id: string; name: string; address: string; sourceLocationId: number }[]; nextPageToken: string }>(locationsRoute, {
      path: `/sources/x/locations?account=${A1}`,
      token: owner.token,
      params: { id: String(sourceId) },
    });
    expect(locs.body.data.items.map((l) => l.name)).toEqual(['Jing’an store', 'Xuhui store']);
    expect(locs.body.data.items[0].address).toBe('1266 West Nanjing Rd, Shanghai');
    expect(locs.body.data.nextPageToken).toBe('2');
    const call = must(fake.requests.filter((r) => r.path === `/v1/${A1}/locations`).at(-1));
    expect(call.query.readMask).toContain('storefrontAddress');
    const bad = await callApi(locationsRoute, { path: '/sources/x/locations?account=../../etc', token: owner.token, params: { id: String(sourceId) } });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for another merchant’s source', async () => {
    const a = await callApi(accountsRoute, { path: '/sources/x/accounts', token: other.token, params: { id: String(sourceId) } });
    expect(a.status).toBe(404);
    const s = await callApi(syncRoute, { method: 'POST', path: '/sources/x/sync', token: other.token, params: { id: String(sourceId) } });
    expect(s.status).toBe(404);
    const d = await callApi(disconnectRoute, { method: 'POST', path: '/sources/x/disconnect', token: other.token, params: { id: String(sourceId) } });
    expect(d.status).toBe(404);
  });

  it('links a provider location to ours: connected flag and review link', async () => {
    const [sl] = await t.db.execute<{ id: number }>(sql`select id from source_locations where external_id = ${L1}`);
    const foreign = await callApi(linkRoute, { method: 'POST', path: '/sources/locations/link', token: other.token, body: { sourceLocationId: sl.id, locationId: ourLocationId } });
    expect(foreign.status).toBe(404);
    const answer = await callApi(linkRoute, { method: 'POST', path: '/sources/locations/link', token: owner.token, body: { sourceLocationId: sl.id, locationId: ourLocationId } });
    expect(answer.status).toBe(200);
    const [loc] = await t.db.select().from(locations).where(eq(locations.id, ourLocationId));
    expect(loc.connected).toBe(true);
    expect(loc.reviewLink).toBe('https://g.page/r/place1/review');
  });

  it('syncs the linked location’s reviews 50 a page, and a re-sync changes nothing', async () => {
    fake.requests.length = 0;
    const first = await callApi<{ inserted: number; fetched: number; accounts: number; locations: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ accounts: 3, locations: 3, fetched: 120, inserted: 120 });
    const reviewCalls = fake.requests.filter((r) => r.path.startsWith('/v4/'));
    expect(reviewCalls.map((r) => [r.query.pageSize, r.query.pageToken ?? null])).toEqual([
      ['50', null],
      ['50', '50'],
      ['50', '100'],
    ]);
    expect(fake.requests.some((r) => r.path === '/v1/accounts' && r.query.pageToken === '2')).toBe(true);
    const before = await t.db.select({ id: reviews.id, updatedAt: reviews.updatedAt }).from(reviews).where(eq(reviews.merchantId, owner.merchantId));
    const again = await callApi<{ inserted: number; updated: number; unchanged: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 120 });
    const after = await t.db.select({ id: reviews.id, updatedAt: reviews.updatedAt }).from(reviews).where(eq(reviews.merchantId, owner.merchantId));
    expect(after).toEqual(before);
    // A review edited at Google, and a new one.
    const list = must(fake.reviews.get(`${A1}/${L1}`));
    list[3] = { ...list[3], comment: 'Edited: even better now', starRating: 'FIVE', updateTime: new Date('2026-10-05T00:00:00Z').toISOString() };
    list.unshift({ ...makeReviews(A1, L1, 1, new Date('2026-10-06T00:00:00Z'))[0], reviewId: 'r-new', name: `${A1}/${L1}/reviews/r-new` });
    const third = await callApi<{ inserted: number; updated: number; unchanged: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(third.body.data).toMatchObject({ inserted: 1, updated: 1, unchanged: 119 });
    const [edited] = await t.db.select().from(reviews).where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.externalId, list[4].reviewId)));
    expect(edited).toMatchObject({ comment: 'Edited: even better now', rating: 5, locationId: ourLocationId, site: 'google' });
  });

  it('backs off on 429 and finishes', async () => {
    fake.throttleNext = 2;
    fake.requests.length = 0;
    const answer = await callApi<{ unchanged: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.unchanged).toBe(121);
    expect(fake.requests.filter((r) => r.path === '/v1/accounts' && !r.query.pageToken).length).toBe(3);
  }, 20_000);

  it('removes reviews gone from Google, skips unrated ones, reads a translated comment by its original, and syncs past a location Google lost (found from outside)', async () => {
    const L2 = 'locations/2002';
    const second = (await createLocation(t.db, owner.merchantId, { name: '晨光咖啡 徐汇店' })).id;
    const [sl] = await t.db.execute<{ id: number }>(sql`select id from source_locations where external_id = ${L2}`);
    expect((await callApi(linkRoute, { method: 'POST', path: '/sources/locations/link', token: owner.token, body: { sourceLocationId: sl.id, locationId: second } })).status).toBe(200);
    const sync = async () => callApi<{ removed: number; unrated: number; inserted: number; failedLocations: { locationId: number; locationName: string }[] }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    // Google lost the second location (404 on its reviews): the first still syncs, and the answer names the second.
    const list = must(fake.reviews.get(`${A1}/${L1}`));
    const [gone] = list.splice(10, 1);
    const translated = { ...makeReviews(A1, L1, 1)[0], reviewId: 'r-translated', name: `${A1}/${L1}/reviews/r-translated`, comment: '(Translated by Google) The coffee was excellent and the staff were friendly.\n\n(Original)\n咖啡非常好，店员也很友好，下次还会再来。' };
    const unrated = { ...makeReviews(A1, L1, 1)[0], reviewId: 'r-unrated', name: `${A1}/${L1}/reviews/r-unrated`, starRating: 'STAR_RATING_UNSPECIFIED' as const };
    list.push(translated, unrated);
    const answer = await sync();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ removed: 1, unrated: 1, inserted: 1, failedLocations: [{ locationId: second, locationName: 'Xuhui store' }] });
    const ids = (await t.db.select({ id: reviews.externalId, language: reviews.language }).from(reviews).where(eq(reviews.merchantId, owner.merchantId))).map((r) => r.id);
    expect(ids).not.toContain(gone.reviewId);
    expect(ids).not.toContain('r-unrated');
    const [read] = await t.db.select({ language: reviews.language }).from(reviews).where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.externalId, 'r-translated')));
    expect(read.language).toBe('zh-CN');
    // Every linked location failing is still the sync's failure.
    const saved = fake.reviews.get(`${A1}/${L1}`);
    fake.reviews.delete(`${A1}/${L1}`);
    expect((await sync()).status).toBe(404);
    fake.reviews.set(`${A1}/${L1}`, must(saved));
    // An empty answer removes nothing (likelier a glitch than every review gone at once).
    fake.reviews.set(`${A1}/${L1}`, []);
    expect((await sync()).body.data.removed).toBe(0);
    fake.reviews.set(`${A1}/${L1}`, must(saved));
    await t.db.execute(sql`update source_locations set location_id = null where id = ${sl.id}`);
  });

  it('refreshes an expired access token (by its expiry, and after a 401)', async () => {
    await t.db.update(reviewSources).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(reviewSources.id, sourceId));
    fake.requests.length = 0;
    const first = await callApi(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(first.status).toBe(200);
    const grants = () => fake.requests.filter((r) => r.path === '/token').map((r) => new URLSearchParams(r.body).get('grant_type'));
    expect(grants()).toEqual(['refresh_token']);
    const [row] = await t.db.select().from(reviewSources).where(eq(reviewSources.id, sourceId));
    expect(must(row.tokenExpiresAt).getTime()).toBeGreaterThan(Date.now());
    fake.expireAccessTokens();
    fake.requests.length = 0;
    const second = await callApi(accountsRoute, { path: '/sources/x/accounts', token: owner.token, params: { id: String(sourceId) } });
    expect(second.status).toBe(200);
    expect(grants()).toEqual(['refresh_token']);
    expect(fake.requests.filter((r) => r.path === '/v1/accounts').length).toBe(2);
  });

  it('posts a reply through updateReply, within 4,096 bytes, and deletes it', async () => {
    const [row] = await t.db.select().from(reviews).where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.externalId, 'r7')));
    const params = { id: String(row.id) };
    const tooLong = '中'.repeat(1366); // 4,098 bytes
    const refused = await callApi<{ fieldErrors: Record<string, string> }>(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: owner.token, params, body: { comment: tooLong } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fieldErrors.comment).toBeTruthy();
    const exact = `${'中'.repeat(1365)}a`; // exactly 4,096 bytes
    const ok = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: owner.token, params, body: { comment: exact } });
    expect(ok.status).toBe(200);
    const put = must(fake.requests.filter((r) => r.method === 'PUT').at(-1));
    expect(put.path).toBe(`/v4/${A1}/${L1}/reviews/r7/reply`);
    const atGoogle = must(must(fake.reviews.get(`${A1}/${L1}`)).find((r) => r.reviewId === 'r7'));
    expect(atGoogle.reviewReply?.comment).toBe(exact);
    const edited = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: owner.token, params, body: { comment: 'Thank you, see you soon!' } });
    expect(edited.status).toBe(200);
    expect(atGoogle.reviewReply?.comment).toBe('Thank you, see you soon!');
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(stored.replyComment).toBe('Thank you, see you soon!');
    expect(stored.needsResponse).toBe(false);
    // A re-sync sees the same reply at Google: nothing changes.
    const resync = await callApi<{ updated: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(resync.body.data.updated).toBe(0);
    const foreign = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: other.token, params, body: { comment: 'hi' } });
    expect(foreign.status).toBe(404);
    const removed = await callApi(replyDelete, { method: 'DELETE', path: '/reviews/x/reply', token: owner.token, params });
    expect(removed.status).toBe(200);
    expect(atGoogle.reviewReply).toBeUndefined();
    const [cleared] = await t.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(cleared.replyComment).toBeNull();
  });

  it('runs from the cron route only with CRON_SECRET', async () => {
    const refused = await callApi(cronRoute, { method: 'POST', path: '/cron/sync-reviews', headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    const answer = await callApi<{ sources: number; ok: number }>(cronRoute, { method: 'POST', path: '/cron/sync-reviews', headers: { authorization: 'Bearer cron-secret-for-tests' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ sources: 1, ok: 1 });
  });

  it('marks the source revoked when the grant is revoked, and tells the merchant', async () => {
    for (const token of fake.issuedRefreshTokens) fake.revokedRefreshTokens.add(token);
    await t.db.update(reviewSources).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(reviewSources.id, sourceId));
    const answer = await callApi(syncRoute, { method: 'POST', path: '/sources/x/sync', token: owner.token, params: { id: String(sourceId) } });
    expect(answer.status).toBe(409);
    const [row] = await t.db.select().from(reviewSources).where(eq(reviewSources.id, sourceId));
    expect(row).toMatchObject({ status: 'revoked', accessTokenEnc: null, refreshTokenEnc: null });
    const [loc] = await t.db.select().from(locations).where(eq(locations.id, ourLocationId));
    expect(loc.connected).toBe(false);
    const list = await callApi<{ sources: { status: string }[] }>(overview, { path: '/sources', token: owner.token });
    expect(list.body.data.sources[0].status).toBe('revoked');
    // The reviews stay.
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.merchantId, owner.merchantId));
    expect(n).toBe(121);
  });

  it('reconnects, then disconnects (tokens forgotten, locations no longer connected)', async () => {
    const { code, state } = await fake.authorize(await startConnect(owner));
    expect(Number((await finish(owner, { state, code: must(code) })).searchParams.get('connected'))).toBe(sourceId);
    expect((await t.db.select().from(locations).where(eq(locations.id, ourLocationId)))[0].connected).toBe(true);
    const answer = await callApi(disconnectRoute, { method: 'POST', path: '/sources/x/disconnect', token: owner.token, params: { id: String(sourceId) } });
    expect(answer.status).toBe(200);
    const [row] = await t.db.select().from(reviewSources).where(eq(reviewSources.id, sourceId));
    expect(row).toMatchObject({ status: 'disconnected', accessTokenEnc: null, refreshTokenEnc: null });
    expect((await t.db.select().from(locations).where(eq(locations.id, ourLocationId)))[0].connected).toBe(false);
  });
});
