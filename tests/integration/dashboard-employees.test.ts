import { describe, expect, it, beforeAll } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { reviews } from '@/db/schema/reviews';
import { contacts } from '@/db/schema/contacts';
import { campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { reviewLinkScans, reviewLinks } from '@/db/schema/review-links';
import { recordClick } from '@/lib/sending/tracking-events';
import { employeeFigures, type EmployeeFigures } from '@/lib/dashboard/employee-figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';
import { resolvePeriod } from '@/lib/dashboard/period';
import { GET as employeesRoute } from '@/app/api/dashboard/employees/route';
import { listReviews } from '@/lib/reviews/list-reviews';
import { reviewFilterSchema } from '@/lib/reviews/schema';
import { employeeOptions } from '@/lib/reviews/options';
import { and, count, eq } from 'drizzle-orm';

const t = setupTestDatabase();
const NOW = new Date('2026-12-08T02:00:00Z');
const QUERY = { period: 'custom', from: '2026-09-01', to: '2026-11-30' } as const;

let m: TestMerchant;
let other: TestMerchant;
const expected = new Map<string, { scans: number; requests: number; clicks: number; reviews: number; ratingSum: number }>();

/** A small deterministic generator: the same data on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function line(locationId: number, employee: string | null) {
  const key = `${locationId}|${employee ?? ''}`;
  let entry = expected.get(key);
  if (!entry) expected.set(key, (entry = { scans: 0, requests: 0, clicks: 0, reviews: 0, ratingSum: 0 }));
  return entry;
}

beforeAll(async () => {
  m = await createMerchant(t.db);
  other = await createMerchant(t.db);
  const period = resolvePeriod(dashboardQuerySchema.parse(QUERY), NOW);
  const inPeriod = (d: Date) => d >= period.from && d < period.to;
  const next = random(42);
  const span = Date.parse('2026-12-05T00:00:00Z') - Date.parse('2026-08-01T00:00:00Z');
  const when = () => new Date(Date.parse('2026-08-01T00:00:00Z') + Math.floor(next() * span));
  const locs = [(await createLocation(t.db, m.merchantId, { name: 'Alpha' })).id, (await createLocation(t.db, m.merchantId, { name: 'Beta' })).id];
  const employees = [null, 'Ava', 'Noah'];
  const links = new Map<string, number>();
  for (const loc of locs)
    for (const employee of employees) {
      const [row] = await t.db.insert(reviewLinks).values({ merchantId: m.merchantId, locationId: loc, employeeTag: employee, code: `C${loc}${employee ?? 'L'}`.toUpperCase().padEnd(10, 'X').slice(0, 10) }).returning({ id: reviewLinks.id });
      links.set(`${loc}|${employee ?? ''}`, row.id);
    }

  // Reviews first (tagged by hand or not at all), so the scan credit does not change them here.
  const reviewRows = Array.from({ length: 120 }, (_, i) => {
    const loc = locs[Math.floor(next() * 2)];
    const employee = employees[Math.floor(next() * 3)];
    const rating = 1 + Math.floor(next() * 5);
    const at = when();
    if (inPeriod(at)) {
      line(loc, employee).reviews++;
      line(loc, employee).ratingSum += rating;
    }
    return { merchantId: m.merchantId, locationId: loc, site: 'google' as const, externalId: `r${i}`, reviewerName: 'R', rating, createTime: at, updateTime: at, employeeTag: employee };
  });
  await t.db.insert(reviews).values(reviewRows);
  // A review without a location is on no line.
  await t.db.insert(reviews).values({ merchantId: m.merchantId, site: 'google', externalId: 'nowhere', reviewerName: 'R', rating: 5, createTime: new Date('2026-10-01T00:00:00Z'), updateTime: new Date('2026-10-01T00:00:00Z') });

  const scanRows = Array.from({ length: 200 }, () => {
    const loc = locs[Math.floor(next() * 2)];
    const employee = employees[Math.floor(next() * 3)];
    const at = when();
    if (inPeriod(at)) line(loc, employee).scans++;
    return { merchantId: m.merchantId, linkId: links.get(`${loc}|${employee ?? ''}`) ?? 0, locationId: loc, employeeTag: employee, scannedAt: at };
  });
  await t.db.insert(reviewLinkScans).values(scanRows);

  // Requests: a review request per location and a promotion (not counted); some requests clicked.
  const people = await t.db
    .insert(contacts)
    .values(Array.from({ length: 40 }, (_, i) => ({ merchantId: m.merchantId, firstName: `P${i}`, email: `p${i}@example.com`, optToken: `tok-${i}` })))
    .returning({ id: contacts.id });
  for (const [index, loc] of locs.entries()) {
    for (const type of [0, 1]) {
      const [camp] = await t.db.insert(campaigns).values({ merchantId: m.merchantId, name: `C${index}${type}`, campaignType: type, channel: 0, status: 5, locationId: loc }).returning({ id: campaigns.id });
      const sent = people.map((p) => ({ contact: p.id, at: when() }));
      const rows = await t.db
        .insert(deliveries)
        .values(sent.map((s) => ({ merchantId: m.merchantId, campaignId: camp.id, contactId: s.contact, channel: 0, toAddress: 'x', status: 'sent' as const, queuedAt: s.at, sentAt: s.at })))
        .returning({ id: deliveries.id, sentAt: deliveries.sentAt });
      for (const row of rows) {
        if (type === 0 && row.sentAt && inPeriod(row.sentAt)) line(loc, null).requests++;
        if (next() < 0.3) {
          const clickedAt = new Date((row.sentAt?.getTime() ?? 0) + Math.floor(next() * 5 * 86_400_000));
          await recordClick(t.db, row.id, clickedAt);
          // A click counts with its request: sent in the period, however late the click.
          if (type === 0 && row.sentAt && inPeriod(row.sentAt)) line(loc, null).clicks++;
        }
      }
    }
  }
  // Another merchant's rows are nobody's here.
  const theirs = await createLocation(t.db, other.merchantId);
  await t.db.insert(reviews).values({ merchantId: other.merchantId, locationId: theirs.id, site: 'google', externalId: 'x', reviewerName: 'x', rating: 1, createTime: new Date('2026-10-01T00:00:00Z'), updateTime: new Date('2026-10-01T00:00:00Z'), employeeTag: 'Ava' });
});

function expectedLines(locationId?: number): EmployeeFigures[] {
  return [...expected.entries()]
    .map(([key, v]) => {
      const [loc, employee] = key.split('|');
      return { locationId: Number(loc), employee: employee || null, ...v };
    })
    .filter((l) => !locationId || l.locationId === locationId)
    .filter((l) => l.scans + l.requests + l.clicks + l.reviews > 0)
    .map((l) => ({
      locationId: l.locationId,
      locationName: '',
      employee: l.employee,
      scans: l.scans,
      requests: l.requests,
      clicks: l.clicks,
      reviews: l.reviews,
      averageRating: l.reviews ? Math.round((l.ratingSum / l.reviews) * 100) / 100 : null,
    }));
}

const comparable = (lines: EmployeeFigures[]) => lines.map((l) => ({ ...l, locationName: '' })).sort((a, b) => a.locationId - b.locationId || (a.employee ?? '').localeCompare(b.employee ?? ''));

describe('dashboard: per employee and location', () => {
  it('each figure equals the rows it counts, over the chosen range', async () => {
    const figures = await employeeFigures({ ...m.ctx, now: () => NOW }, dashboardQuerySchema.parse(QUERY));
    expect(comparable(figures)).toEqual(comparable(expectedLines()));
    // The data is not trivial: every kind of figure is present.
    expect(figures.some((f) => f.employee && f.scans && f.reviews)).toBe(true);
    expect(figures.some((f) => f.requests && f.clicks)).toBe(true);
  });

  it('one location, through the API; another merchant’s location is 404', async () => {
    const [first] = expectedLines();
    const res = await callApi<EmployeeFigures[]>(employeesRoute, { path: `/dashboard/employees?period=custom&from=${QUERY.from}&to=${QUERY.to}&locationId=${first.locationId}`, token: m.token });
    expect(res.status).toBe(200);
    expect(comparable(res.body.data)).toEqual(comparable(expectedLines(first.locationId)));
    const theirs = await callApi(employeesRoute, { path: `/dashboard/employees?locationId=${first.locationId}`, token: other.token });
    expect(theirs.status).toBe(404);
  });

  it('the reviews filter by one employee: exactly the reviews credited to them; the filter offers every credited name', async () => {
    for (const employee of ['Ava', 'Noah']) {
      const [n] = await t.db.select({ n: count() }).from(reviews).where(and(eq(reviews.merchantId, m.merchantId), eq(reviews.employeeTag, employee)));
      const page = await listReviews(m.ctx, reviewFilterSchema.parse({ employee, pageSize: 50 }));
      expect(page.total).toBe(Number(n.n));
      expect(page.records.every((r) => r.employeeTag === employee)).toBe(true);
    }
    expect(await employeeOptions(m.ctx)).toEqual(['Ava', 'Noah']);
  });
});
