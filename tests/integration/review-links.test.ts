import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reviewLinkScans, reviewLinks } from '@/db/schema/review-links';
import { reviews } from '@/db/schema/reviews';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { decodeQrPdf, decodeQrPng } from '@/tests/fixtures/qr-decode';
import { createStaff } from './team-helpers';
import { GET as LIST, POST as CREATE } from '@/app/api/merchant/reviewLink/route';
import { PUT as STATUS } from '@/app/api/merchant/reviewLink/status/route';
import { GET as CARD } from '@/app/api/merchant/reviewLink/[id]/card/route';
import { GET as SCAN, HEAD as SCAN_HEAD } from '@/app/r/[code]/route';
import { reviewSitesForCode } from '@/lib/review-links/review-sites';
import type { ReviewLinkRecord } from '@/lib/review-links/record';

const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const REVIEW_LINK = 'https://g.page/r/counter-test/review';

let owner: TestMerchant;
let other: TestMerchant;
let locationId: number;
let bareLocationId: number;

beforeAll(async () => {
  owner = await createMerchant(t.db, { name: 'Morning Light Cafe' });
  other = await createMerchant(t.db);
  locationId = (await createLocation(t.db, owner.merchantId, { name: 'Soho', reviewLink: REVIEW_LINK })).id;
  bareLocationId = (await createLocation(t.db, owner.merchantId, { name: 'Harbour', reviewLink: null, country: 'HK' })).id;
});

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
});

async function create(body: Record<string, unknown>, token = owner.token) {
  return callApi<ReviewLinkRecord>(CREATE, { method: 'POST', path: '/merchant/reviewLink', token, body });
}

/** A request to /r/{code} as a phone (or a bot) sends it; `from` is the client address behind one proxy. */
async function scan(url: string, options: { method?: string; headers?: Record<string, string>; from?: string } = {}) {
  const path = new URL(url).pathname;
  const code = path.split('/').pop() ?? '';
  const headers: Record<string, string> = { 'user-agent': PHONE, ...options.headers };
  if (options.from) {
    process.env.TRUSTED_PROXY_HOPS = '1';
    headers['x-forwarded-for'] = options.from;
  }
  const handler = options.method === 'HEAD' ? SCAN_HEAD : SCAN;
  return handler(new Request(`http://localhost${path}`, { method: options.method ?? 'GET', headers }), { params: Promise.resolve({ code }) });
}

async function scansOf(linkId: number) {
  const [row] = await t.db.select({ n: count() }).from(reviewLinkScans).where(eq(reviewLinkScans.linkId, linkId));
  return Number(row.n);
}

async function download(id: number, query: string, token = owner.token) {
  return CARD(new Request(`http://localhost/api/merchant/reviewLink/${id}/card?${query}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } }), {
    params: Promise.resolve({ id: String(id) }),
  });
}

describe(`review links and QR codes (${driver})`, () => {
  it('a scan of the printed PNG lands on the review link and counts once; bots, HEAD, prefetches and repeats do not count', async () => {
    const created = await create({ locationId, employeeTag: 'Mia' });
    expect(created.status).toBe(200);
    const link = created.body.data;
    expect(link.code).toMatch(/^[2-9A-Z]{10}$/);

    const png = await download(link.id, 'format=png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const decoded = decodeQrPng(new Uint8Array(await png.arrayBuffer())) ?? '';
    expect(decoded).toBe(link.url);
    expect(decoded).toMatch(new RegExp(`/r/${link.code}$`));

    const first = await scan(decoded, { from: '203.0.113.7' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(REVIEW_LINK);
    expect(await scansOf(link.id)).toBe(1);

    // Still redirected, never counted.
    const uncounted: { method?: string; headers?: Record<string, string>; from: string }[] = [
      { method: 'HEAD', from: '203.0.113.8' },
      { headers: { 'sec-purpose': 'prefetch' }, from: '203.0.113.9' },
      { headers: { purpose: 'prefetch' }, from: '203.0.113.10' },
      { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, from: '203.0.113.11' },
      { headers: { 'user-agent': 'WhatsApp/2.24.1 A' }, from: '203.0.113.12' },
      { headers: { 'user-agent': 'facebookexternalhit/1.1' }, from: '203.0.113.13' },
      // The same customer scanning again at once.
      { from: '203.0.113.7' },
    ];
    for (const options of uncounted) {
      const answer = await scan(decoded, options);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(REVIEW_LINK);
    }
    expect(await scansOf(link.id)).toBe(1);

    // Another customer counts; the scan credits the code's employee and location, and keeps no address.
    await scan(decoded, { from: '198.51.100.4' });
    expect(await scansOf(link.id)).toBe(2);
    const rows = await t.db.select().from(reviewLinkScans).where(eq(reviewLinkScans.linkId, link.id));
    expect(rows.every((r) => r.employeeTag === 'Mia' && r.locationId === locationId && r.merchantId === owner.merchantId)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');

    const listed = await callApi<ReviewLinkRecord[]>(LIST, { path: `/merchant/reviewLink?locationId=${locationId}`, token: owner.token });
    expect(listed.body.data.find((l) => l.id === link.id)?.scans).toBe(2);
  });

  it('the printable PDF cards (A6 and business card) carry the same code', async () => {
    const { body } = await create({ locationId });
    for (const size of ['a6', 'business']) {
      const pdf = await download(body.data.id, `format=pdf&size=${size}&accent=teal`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(await decodeQrPdf(bytes)).toBe(body.data.url);
    }
  });

  it('a disabled or unknown code lands on the friendly page, uncounted; enabling it again works', async () => {
    const { body } = await create({ locationId, employeeTag: 'Noah' });
    const off = await callApi<ReviewLinkRecord>(STATUS, { method: 'PUT', path: '/merchant/reviewLink/status', token: owner.token, body: { id: body.data.id, enabled: false } });
    expect(off.body.data.enabled).toBe(false);
    const answer = await scan(body.data.url, { from: '192.0.2.1' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(new RegExp(`/review/${body.data.code}$`));
    expect(await reviewSitesForCode(t.db, body.data.code)).toBeNull();
    expect(await scansOf(body.data.id)).toBe(0);

    for (const code of ['ZZZZZZZZZZ', 'nope', '%00', 'A'.repeat(500)]) {
      const unknown = await SCAN(new Request('http://localhost/r/x', { headers: { 'user-agent': PHONE } }), { params: Promise.resolve({ code }) });
      expect(unknown.status).toBe(302);
      expect(new URL(unknown.headers.get('location') ?? '').pathname.startsWith('/review/')).toBe(true);
    }

    await callApi(STATUS, { method: 'PUT', path: '/merchant/reviewLink/status', token: owner.token, body: { id: body.data.id, enabled: true } });
    expect((await scan(body.data.url, { from: '192.0.2.1' })).headers.get('location')).toBe(REVIEW_LINK);
    expect(await scansOf(body.data.id)).toBe(1);
  });

  it('a location without a review link sends the scan to the page of its review sites', async () => {
    const { body } = await create({ locationId: bareLocationId });
    const answer = await scan(body.data.url, { from: '192.0.2.50' });
    expect(answer.headers.get('location')).toMatch(new RegExp(`/review/${body.data.code}$`));
    expect(await scansOf(body.data.id)).toBe(1);
    const view = await reviewSitesForCode(t.db, body.data.code.toLowerCase());
    expect(view?.locationName).toBe('Harbour');
    expect(view?.sites.map((s) => s.site)).toEqual(['google', 'tripadvisor', 'openrice']);
  });

  it('staff may print but not make or disable codes; another merchant’s ids answer 404; bad input is refused beside the field', async () => {
    const staff = await createStaff(t.db, owner.merchantId);
    expect((await create({ locationId, employeeTag: 'Staff made' }, staff.token)).status).toBe(403);
    const [link] = await t.db.select().from(reviewLinks).where(eq(reviewLinks.merchantId, owner.merchantId)).limit(1);
    expect((await download(link.id, 'format=png', staff.token)).status).toBe(200);
    expect((await callApi(STATUS, { method: 'PUT', path: '/merchant/reviewLink/status', token: staff.token, body: { id: link.id, enabled: false } })).status).toBe(403);

    expect((await download(link.id, 'format=png', other.token)).status).toBe(404);
    expect((await callApi(STATUS, { method: 'PUT', path: '/merchant/reviewLink/status', token: other.token, body: { id: link.id, enabled: false } })).status).toBe(404);
    expect((await callApi(LIST, { path: `/merchant/reviewLink?locationId=${locationId}`, token: other.token })).status).toBe(404);
    const foreign = await create({ locationId }, other.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toMatchObject({ fieldErrors: { locationId: expect.any(String) } });

    const dup = await create({ locationId, employeeTag: 'Mia' });
    expect(dup.status).toBe(409);
    const long = await create({ locationId, employeeTag: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect((await download(link.id, 'format=gif')).status).toBe(400);
  });

  it('a review written within a day after a scan of an employee’s code is credited to that employee', async () => {
    const { body } = await create({ locationId, employeeTag: 'Ava' });
    const scannedAt = new Date('2026-11-02T10:00:00Z');
    await t.db.insert(reviewLinkScans).values({ merchantId: owner.merchantId, linkId: body.data.id, locationId, employeeTag: 'Ava', scannedAt });
    const at = (hours: number) => new Date(scannedAt.getTime() + hours * 3600_000);
    const insert = (externalId: string, createTime: Date, extra: Partial<typeof reviews.$inferInsert> = {}) =>
      t.db
        .insert(reviews)
        .values({ merchantId: owner.merchantId, locationId, site: 'google', externalId, reviewerName: 'R', rating: 5, createTime, updateTime: createTime, ...extra })
        .returning({ employeeTag: reviews.employeeTag });
    expect((await insert('credit-1', at(2)))[0].employeeTag).toBe('Ava');
    expect((await insert('credit-2', at(25)))[0].employeeTag).toBeNull();
    expect((await insert('credit-3', at(-1)))[0].employeeTag).toBeNull();
    expect((await insert('credit-4', at(3), { employeeTag: 'Liam' }))[0].employeeTag).toBe('Liam');
    expect((await insert('credit-5', at(3), { locationId: bareLocationId }))[0].employeeTag).toBeNull();
    // Whatever the rating: a one-star review after the same scan is credited alike.
    expect((await insert('credit-6', at(4), { rating: 1 }))[0].employeeTag).toBe('Ava');
    const [n] = await t.db.select({ n: count() }).from(reviews).where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.employeeTag, 'Ava')));
    expect(Number(n.n)).toBe(2);
  });
});
