import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { reviews } from '@/db/schema/reviews';
import { GET as listRoute, POST as addRoute } from '@/app/api/reviews/route';
import { PUT as replyPut } from '@/app/api/reviews/[id]/reply/route';
import { POST as draftRoute } from '@/app/api/reviews/[id]/draft/route';
import { PUT as tagRoute } from '@/app/api/reviews/[id]/tag/route';
import { DELETE as deleteRoute } from '@/app/api/reviews/[id]/route';
import { POST as importRoute } from '@/app/api/reviews/import/route';
import { GET as reportRoute } from '@/app/api/reviews/report/route';

const t = setupTestDatabase();
let m: TestMerchant;
let other: TestMerchant;
let l1: number;
let l2: number;
const ids: Record<number, number> = {};

type Page = { records: { id: number; rating: number; site: string; locationName: string | null }[]; total: number; summary: { positive: number; negative: number; needsResponse: number; average: number | null } };

async function list(query: string) {
  return callApi<Page>(listRoute, { path: `/reviews?${query}`, token: m.token });
}
const numbers = (page: Page) => page.records.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]).map(Number);

beforeAll(async () => {
  m = await createMerchant(t.db);
  other = await createMerchant(t.db);
  l1 = (await createLocation(t.db, m.merchantId, { name: '静安店' })).id;
  l2 = (await createLocation(t.db, m.merchantId, { name: 'Central' })).id;
  const base = { merchantId: m.merchantId, origin: 'manual' as const };
  const fixed = [
    { n: 1, site: 'google', locationId: l1, rating: 5, comment: 'Great LATTE, 拿铁很好', at: '2026-01-10T04:00:00Z', reply: 'Thanks!', tag: 'Amy', language: 'en-US' },
    { n: 2, site: 'google', locationId: l1, rating: 1, comment: 'Cold coffee', at: '2026-02-15T04:00:00Z', reply: null, tag: null, language: 'en-US' },
    // 00:30 on 1 March in Shanghai is still 28 February in UTC.
    { n: 3, site: 'dianping', locationId: l1, rating: 4, comment: '环境不错', at: '2026-02-28T16:30:00Z', reply: null, tag: null, language: 'zh-CN' },
    { n: 4, site: 'openrice', locationId: l2, rating: 2, comment: '等位太耐', at: '2026-03-20T04:00:00Z', reply: '抱歉', tag: null, language: 'zh-HK' },
    { n: 5, site: 'tripadvisor', locationId: l2, rating: 3, comment: 'Average latte 100%', at: '2026-04-05T15:59:00Z', reply: null, tag: 'Leo', language: 'en-US' },
    { n: 6, site: 'other', locationId: l2, rating: 5, comment: '', at: '2026-04-30T04:00:00Z', reply: null, tag: null, language: 'zh-CN' },
  ] as const;
  for (const r of fixed) {
    const [row] = await t.db
      .insert(reviews)
      .values({ ...base, site: r.site, locationId: r.locationId, externalId: `fx-${r.n}`, reviewerName: `Reviewer ${r.n}`, rating: r.rating, comment: r.comment, language: r.language, createTime: new Date(r.at), updateTime: new Date(r.at), replyComment: r.reply, replyTime: r.reply ? new Date(r.at) : null, employeeTag: r.tag })
      .returning({ id: reviews.id });
    ids[r.n] = row.id;
  }
  await t.db.insert(reviews).values({ merchantId: other.merchantId, site: 'google', externalId: 'x', reviewerName: 'Other', rating: 5, comment: 'latte', createTime: new Date('2026-01-01'), updateTime: new Date('2026-01-01') });
});

describe(`review filters (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('lists the merchant’s reviews newest first with positive and negative counts', async () => {
    const { body } = await list('');
    expect(numbers(body.data)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(body.data.total).toBe(6);
    expect(body.data.summary).toEqual({ positive: 3, negative: 2, needsResponse: 2, average: 3.33 });
  });

  it('filters by keyword (comment, any case; % is literal)', async () => {
    expect(numbers((await list('q=latte')).body.data)).toEqual([5, 1]);
    expect(numbers((await list('q=100%25')).body.data)).toEqual([5]);
    expect(numbers((await list('q=%25')).body.data)).toEqual([5]);
    expect(numbers((await list('q=Reviewer%202')).body.data)).toEqual([2]);
  });

  it('filters by date range in the merchant’s zone, both ends inclusive', async () => {
    expect(numbers((await list('from=2026-03-01&to=2026-04-05')).body.data)).toEqual([5, 4, 3]);
    expect(numbers((await list('to=2026-02-28')).body.data)).toEqual([2, 1]);
    expect((await list('from=2026-05-01&to=2026-04-01')).status).toBe(400);
  });

  it('filters by minimum and maximum rating', async () => {
    expect(numbers((await list('minRating=4')).body.data)).toEqual([6, 3, 1]);
    expect(numbers((await list('maxRating=2')).body.data)).toEqual([4, 2]);
    expect(numbers((await list('minRating=2&maxRating=4')).body.data)).toEqual([5, 4, 3]);
    expect((await list('minRating=5&maxRating=1')).status).toBe(400);
    expect((await list('minRating=9')).status).toBe(400);
  });

  it('filters by review site', async () => {
    expect(numbers((await list('site=google')).body.data)).toEqual([2, 1]);
    expect(numbers((await list('site=dianping')).body.data)).toEqual([3]);
    expect(numbers((await list('site=openrice')).body.data)).toEqual([4]);
    expect(numbers((await list('site=tripadvisor')).body.data)).toEqual([5]);
    expect(numbers((await list('site=other')).body.data)).toEqual([6]);
    expect((await list('site=yelp')).status).toBe(400);
  });

  it('filters by employee tag, needs-response view and location', async () => {
    expect(numbers((await list('tag=tagged')).body.data)).toEqual([5, 1]);
    expect(numbers((await list('tag=untagged')).body.data)).toEqual([6, 4, 3, 2]);
    expect(numbers((await list('tag=all')).body.data)).toHaveLength(6);
    expect(numbers((await list('view=needsResponse')).body.data)).toEqual([5, 2]);
    expect(numbers((await list(`locationId=${l2}`)).body.data)).toEqual([6, 5, 4]);
    const combined = await list(`locationId=${l2}&view=needsResponse&tag=tagged&q=latte&minRating=3&maxRating=3&site=tripadvisor&from=2026-04-05&to=2026-04-05`);
    expect(numbers(combined.body.data)).toEqual([5]);
  });

  it('counts as needing a response exactly what the needs-response view lists, under any other filters (the tab count of /reviews)', async () => {
    const filters = ['', 'tag=tagged', `locationId=${l1}`, `locationId=${l2}`, 'minRating=3', 'maxRating=2', 'site=google', 'q=latte', 'from=2026-02-01&to=2026-03-31', 'view=needsResponse', `view=needsResponse&locationId=${l2}`];
    for (const query of filters) {
      const shown = (await list(query)).body.data;
      const view = (await list(`${query.replace(/(^|&)view=[^&]*/, '')}&view=needsResponse`)).body.data;
      expect(shown.summary.needsResponse, query).toBe(view.total);
    }
  });

  it('the same holds for generated filter combinations, keywords of any characters included', async () => {
    const filters = fc.record(
      {
        q: fc.oneof(fc.constantFrom('latte', 'LATTE', 'coffee', '100%', '环境', '_'), fc.string({ maxLength: 6 })),
        minRating: fc.integer({ min: 1, max: 5 }),
        maxRating: fc.integer({ min: 1, max: 5 }),
        site: fc.constantFrom('google', 'dianping', 'openrice', 'tripadvisor', 'other'),
        tag: fc.constantFrom('all', 'tagged', 'untagged'),
        location: fc.constantFrom('l1', 'l2'),
        from: fc.constantFrom('2026-01-01', '2026-02-28', '2026-03-01', '2026-04-05'),
        to: fc.constantFrom('2026-02-28', '2026-04-05', '2026-12-31'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(f)) {
          if (key === 'location') params.set('locationId', String(value === 'l1' ? l1 : l2));
          else params.set(key, String(value));
        }
        const shown = await list(params.toString());
        params.set('view', 'needsResponse');
        const view = await list(params.toString());
        expect(view.status).toBe(shown.status);
        if (shown.status === 200) expect(shown.body.data.summary.needsResponse).toBe(view.body.data.total);
      }),
      { numRuns: 60 },
    );
  });

  it('pages', async () => {
    const page = await list('pageSize=10&pageNum=1');
    expect(page.body.data.records).toHaveLength(6);
    expect((await list('pageSize=10&pageNum=2')).body.data.records).toHaveLength(0);
    expect((await list('pageSize=7')).status).toBe(400);
  });
});

describe('replies, tags and hand-added reviews', () => {
  it('keeps a reply of another site here, with the 4,096-byte limit', async () => {
    const params = { id: String(ids[3]) };
    const tooLong = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: m.token, params, body: { comment: '好'.repeat(1366) } });
    expect(tooLong.status).toBe(400);
    const empty = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: m.token, params, body: { comment: '   ' } });
    expect(empty.status).toBe(400);
    const ok = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: m.token, params, body: { comment: '谢谢支持！' } });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, ids[3]));
    expect(row.replyComment).toBe('谢谢支持！');
  });

  it('refuses a reply to a Google review whose source is gone', async () => {
    await t.db.update(reviews).set({ externalName: 'accounts/1/locations/2/reviews/fx-2' }).where(eq(reviews.id, ids[2]));
    const answer = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: m.token, params: { id: String(ids[2]) }, body: { comment: 'Sorry' } });
    expect(answer.status).toBe(409);
  });

  it('tags an employee and clears the tag', async () => {
    const params = { id: String(ids[6]) };
    expect((await callApi(tagRoute, { method: 'PUT', path: '/reviews/x/tag', token: m.token, params, body: { employeeTag: '小王' } })).status).toBe(200);
    expect(numbers((await list('tag=tagged')).body.data)).toEqual([6, 5, 1]);
    await callApi(tagRoute, { method: 'PUT', path: '/reviews/x/tag', token: m.token, params, body: { employeeTag: '' } });
    expect(numbers((await list('tag=tagged')).body.data)).toEqual([5, 1]);
    expect((await callApi(tagRoute, { method: 'PUT', path: '/reviews/x/tag', token: other.token, params, body: { employeeTag: 'x' } })).status).toBe(404);
  });

  it('adds a review from another site by hand, never a Google one, never at another merchant’s location', async () => {
    const google = await callApi(addRoute, { method: 'POST', path: '/reviews', token: m.token, body: { site: 'google', reviewerName: 'A', rating: 5, reviewDate: '2026-05-01' } });
    expect(google.status).toBe(400);
    const foreignLocation = (await createLocation(t.db, other.merchantId)).id;
    const foreign = await callApi(addRoute, { method: 'POST', path: '/reviews', token: m.token, body: { site: 'dianping', locationId: foreignLocation, reviewerName: 'A', rating: 5, reviewDate: '2026-05-01' } });
    expect(foreign.status).toBe(404);
    const ok = await callApi<{ id: number }>(addRoute, { method: 'POST', path: '/reviews', token: m.token, body: { site: 'dianping', locationId: l1, reviewerName: '陈小姐', rating: 4, comment: '蛋糕好吃', reviewDate: '2026-05-01' } });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, ok.body.data.id));
    expect(row).toMatchObject({ site: 'dianping', origin: 'manual', language: 'zh-CN', rating: 4 });
    expect(row.createTime.toISOString()).toBe('2026-05-01T04:00:00.000Z');
    expect((await callApi(deleteRoute, { method: 'DELETE', path: '/reviews/x', token: m.token, params: { id: String(row.id) } })).status).toBe(200);
  });
});

describe('import and report', () => {
  it('imports a CSV (Chinese headers), reports bad rows, and a re-import does not duplicate', async () => {
    const csv = ['来源,门店,评价人,评分,内容,日期,回复,员工', '大众点评,静安店,李先生,5,咖啡很香,2026-06-01,谢谢,小王', 'openrice,Central,Mandy,4,好味,2026/06/02,,', 'tripadvisor,,Tom,9,bad rating,2026-06-03,,', 'google,,G,5,x,2026-06-03,,'].join('\n');
    const send = (body: string | Uint8Array, name: string) => {
      const form = new FormData();
      form.set('file', new File([body as BlobPart], name));
      const request = new Request('http://localhost/api/reviews/import', { method: 'POST', body: form, headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en-US' } });
      return importRoute(request, { params: Promise.resolve({}) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    };
    const first = await send(csv, 'reviews.csv');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      inserted: 2,
      updated: 0,
      failed: [
        { row: 4, messageKey: 'reviews.errors.rating', reason: 'The rating is a whole number from 1 to 5' },
        { row: 5, messageKey: 'reviews.errors.importGoogle', reason: 'Google reviews sync by themselves and cannot be imported' },
      ],
    });
    const again = await send(csv, 'reviews.csv');
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 2 });
    const [li] = await t.db.select().from(reviews).where(and(eq(reviews.merchantId, m.merchantId), eq(reviews.reviewerName, '李先生')));
    expect(li).toMatchObject({ site: 'dianping', locationId: l1, rating: 5, replyComment: '谢谢', employeeTag: '小王', origin: 'import' });
    // .xlsx too
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Reviews');
    sheet.addRow(['Site', 'Location', 'Reviewer', 'Rating', 'Comment', 'Date']);
    sheet.addRow(['TripAdvisor', 'Central', 'Anna', 3, 'ok', new Date('2026-06-05T03:00:00Z')]);
    const xlsx = await send(new Uint8Array(await wb.xlsx.writeBuffer()), 'reviews.xlsx');
    expect(xlsx.body.data).toMatchObject({ inserted: 1, failed: [] });
    const wrong = await send('hello', 'reviews.txt');
    expect(wrong.status).toBe(415);
  });

  it('writes the filtered reviews to a spreadsheet', async () => {
    const request = new Request('http://localhost/api/reviews/report?site=google', { headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en-US' } });
    const response = await reportRoute(request, { params: Promise.resolve({}) });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Reviews']);
    expect(wb.worksheets[1].rowCount).toBe(3); // header + the two Google reviews
    expect(wb.worksheets[0].getRow(4).values).toEqual([undefined, 'Reviews', 2]);
  });
});

describe('reply drafts', () => {
  it('drafts from the phrase library in the review’s language when no model is configured', async () => {
    const zh = await callApi<{ text: string; source: string; language: string }>(draftRoute, { method: 'POST', path: '/reviews/x/draft', token: m.token, params: { id: String(ids[4]) } });
    expect(zh.body.data).toMatchObject({ source: 'library', language: 'zh-HK' });
    expect(zh.body.data.text).toMatch(/抱歉/);
    const en = await callApi<{ text: string; language: string }>(draftRoute, { method: 'POST', path: '/reviews/x/draft', token: m.token, params: { id: String(ids[1]) } });
    expect(en.body.data.language).toBe('en-US');
    expect(en.body.data.text).toContain('Reviewer 1');
    // A draft is not a reply.
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, ids[4]));
    expect(row.replyComment).toBe('抱歉');
  });

  it('drafts with the configured OpenAI-compatible model, and falls back when it fails', async () => {
    const seen: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
    let fail = false;
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        if (fail || req.url !== '/v1/chat/completions') {
          res.writeHead(500).end('{}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '"Thank you for visiting, we will warm up that coffee!"' } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    Object.assign(process.env, { AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, AI_API_KEY: 'sk-test', AI_MODEL: 'test-model' });
    try {
      const ai = await callApi<{ text: string; source: string }>(draftRoute, { method: 'POST', path: '/reviews/x/draft', token: m.token, params: { id: String(ids[2]) } });
      expect(ai.body.data).toEqual({ text: 'Thank you for visiting, we will warm up that coffee!', source: 'ai', language: 'en-US' });
      expect(seen[0].auth).toBe('Bearer sk-test');
      expect(seen[0].body.model).toBe('test-model');
      expect(seen[0].body.messages[0].content).toContain('English');
      expect(seen[0].body.messages[1].content).toContain('Cold coffee');
      fail = true;
      const fallback = await callApi<{ source: string }>(draftRoute, { method: 'POST', path: '/reviews/x/draft', token: m.token, params: { id: String(ids[2]) } });
      expect(fallback.body.data.source).toBe('library');
    } finally {
      delete process.env.AI_BASE_URL;
      delete process.env.AI_API_KEY;
      delete process.env.AI_MODEL;
      server.close();
    }
  });
});
