import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { files } from '@/db/schema/files';
import { reviews } from '@/db/schema/reviews';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { apiEndpoints, endpointOf, fillPath, type Endpoint } from '@/tests/fixtures/inventory';
import { buildTenantWorld, installWriteCounter, writeCount, type TenantWorld } from '@/tests/fixtures/tenant-world';
import { BODY_MUTATIONS, FIELD_MUTATIONS, PNG, TEXT_MUTATIONS, objectKeys, sample, zipBomb, zipOfManyEntries } from '@/tests/fixtures/hostile';

/**
 * Issue 11, item 2: every /api route (found on the file system) is called with bodies, queries and
 * path segments generated from its zod schema and mutated. Never a 500, never an HTML page: a 4xx
 * envelope {code, msg}, and a refused request writes nothing. Then uploads (zip bombs, wrong
 * magic bytes, path-traversal names) and exports (formula characters escaped).
 */
// Route modules import Auth.js, whose entry needs Next's runtime; these routes are called with
// bearer tokens only, so the cookie session is simply absent.
vi.mock('@/lib/auth/auth', () => ({
  auth: async () => null,
  signIn: async () => undefined,
  signOut: async () => undefined,
  updateSession: async () => null,
  handlers: { GET: async () => new Response(null, { status: 404 }), POST: async () => new Response(null, { status: 404 }) },
  REFRESH_MARGIN_SECONDS: 60,
}));
vi.mock('next-auth', () => ({ AuthError: class AuthError extends Error {} }));
vi.mock('next-auth/jwt', () => ({ getToken: async () => null }));

const t = setupTestDatabase();

/** Routes the sweep does not call, with the reason. */
const NOT_SWEPT: Record<string, string> = {
  'GET /auth/[...nextauth]': 'Auth.js handler (third-party code, cookie/CSRF based)',
  'POST /auth/[...nextauth]': 'Auth.js handler (third-party code, cookie/CSRF based)',
};

/** Answers that are not the JSON envelope by design, with the reason. */
const NON_ENVELOPE: Record<string, string> = {
  'GET /t/c/[id]': 'click tracking: always a redirect (home page when the signature fails)',
  'GET /t/o/[id]/[sig]': 'open pixel: always the GIF',
  'GET /sources/google/callback': "Google's browser redirect: a 303 back to /sources with the outcome",
};

/** 5xx answers that are a documented state of the test server, not a failure. */
const EXPECTED_5XX: Record<string, string> = {
  'POST /sources/google/connect': '503: Google OAuth is not configured on the test server',
};

let endpoints: Endpoint[];
let h: TenantWorld;

beforeAll(async () => {
  endpoints = await apiEndpoints();
  h = await buildTenantWorld(t.db);
  await installWriteCounter(t.db, Object.keys(WRITES_WHEN_REFUSED));
});

/** Tables a refused request may write by design, with the reason. */
const WRITES_WHEN_REFUSED: Record<string, string> = {
  rate_limit_hits: 'every attempt counts toward the rate limit, refused ones too (that is the point)',
};

/** H's own id for a route's path segment, so mutations reach the service with real rows. */
function ownParam(path: string, name: string): string {
  const i = h.ids;
  if (name === 'module') return 'campaign';
  if (name === 'snapshotId') return String(i.snapshot);
  if (name === 'token') return i.optToken;
  if (name === 'sig') return 'invalid';
  const byPrefix: [string, number | string][] = [
    ['/admin/post', i.post],
    ['/campaign/template', i.emailTemplate],
    ['/campaign/', i.campaign],
    ['/inbox/', i.conversation],
    ['/member/', i.contact],
    ['/merchant/location', i.location],
    ['/post/', i.postPublicId],
    ['/reviews/', i.review],
    ['/sending/campaign', i.sendingCampaign],
    ['/sources/', i.source],
    ['/t/', i.delivery],
  ];
  return String(byPrefix.find(([p]) => path.startsWith(p))?.[1] ?? 1);
}

interface Attempt {
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: string;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

// The mutation kinds rotate across routes: each route gets a few, the sweep as a whole every kind
// on every shape of input (the parsing before the schema is one shared wrapper).
let turn = 0;

/** The requests of one endpoint: the generated one, then a handful of mutations. */
function attempts(e: Endpoint): Attempt[] {
  const paramNames = [...e.path.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);
  const params = Object.fromEntries(paramNames.map((n) => [n, ownParam(e.path, n)]));
  const baseQuery = e.options?.query ? (sample(e.options.query) as Record<string, unknown>) : {};
  const query = Object.fromEntries(Object.entries(baseQuery ?? {}).map(([k, v]) => [k, asText(v)]));
  const hasBody = e.method !== 'GET';
  const baseBody = e.options?.body ? sample(e.options.body) : {};
  const out: Attempt[] = [{ label: 'generated', params, query, body: hasBody ? JSON.stringify(baseBody) : undefined }];
  for (const name of paramNames) {
    for (let k = 0; k < 3; k++) {
      const [kind, value] = TEXT_MUTATIONS[turn++ % TEXT_MUTATIONS.length];
      out.push({ label: `param ${name}: ${kind}`, params: { ...params, [name]: value }, query, body: out[0].body });
    }
  }
  const queryKeys = e.options?.query ? objectKeys(e.options.query) : [];
  for (const key of queryKeys) {
    for (let k = 0; k < 1; k++) {
      const [kind, value] = TEXT_MUTATIONS[turn++ % TEXT_MUTATIONS.length];
      out.push({ label: `query ${key}: ${kind}`, params, query: { ...query, [key]: value }, body: out[0].body });
    }
  }
  if (hasBody) {
    const bodyKeys = e.options?.body ? objectKeys(e.options.body) : [];
    const perKey = bodyKeys.length < 4 ? 3 : 1;
    for (const key of bodyKeys.slice(0, 10)) {
      for (let k = 0; k < perKey; k++) {
        const [kind, value] = FIELD_MUTATIONS[turn++ % FIELD_MUTATIONS.length];
        const base = typeof baseBody === 'object' && baseBody !== null ? baseBody : {};
        out.push({ label: `body ${key}: ${kind}`, params, query, body: JSON.stringify({ ...base, [key]: value }) });
      }
    }
    for (let k = 0; k < 3; k++) {
      const [kind, raw] = BODY_MUTATIONS[turn++ % BODY_MUTATIONS.length];
      out.push({ label: `body: ${kind}`, params, query, body: raw });
    }
  }
  return out;
}

async function send(e: Endpoint, a: Attempt, token?: string) {
  const url = new URL(`http://localhost/api${fillPath(e.path, a.params)}`);
  for (const [k, v] of Object.entries(a.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (a.body !== undefined) headers['content-type'] = 'application/json';
  const response = await e.handler(new Request(url, { method: e.method, headers, body: a.body }), { params: Promise.resolve(a.params) });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

function envelopeProblem(status: number, type: string, text: string): string | null {
  if (/<html|<!doctype/i.test(text.slice(0, 500))) return 'an HTML page';
  if (!type.includes('application/json')) return `content-type ${type || 'none'}`;
  let body: { code?: unknown; msg?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (body.code !== status || typeof body.msg !== 'string' || !body.msg) return `not the envelope: ${text.slice(0, 120)}`;
  return null;
}

describe('hostile input: every /api route', () => {
  it('answers mutated bodies, queries and path segments with a 4xx envelope, never a 500, and refusals write nothing', async () => {
    const failures: string[] = [];
    let count = 0;
    const perRoute: Record<string, number> = {};
    const started = Date.now();
    let expected = await writeCount(t.db);
    for (const e of endpoints) {
      if (e.notAllowed || NOT_SWEPT[e.key]) continue;
      const routeStarted = Date.now();
      for (const a of attempts(e)) {
        count++;
        const label = `${e.key} [${a.label}]`;
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send(e, a, h.merchant.token);
        } catch (error) {
          failures.push(`${label}: threw ${(error as Error).message.slice(0, 120)}`);
          continue;
        }
        const { status, type, text } = answer;
        if (status >= 500 && !EXPECTED_5XX[e.key]) failures.push(`${label}: ${status} ${text.slice(0, 160)}`);
        if (NON_ENVELOPE[e.key]) {
          if (/<html|<!doctype/i.test(text.slice(0, 500))) failures.push(`${label}: an HTML page`);
          continue;
        }
        if (status >= 300) {
          const problem = envelopeProblem(status, type, text);
          if (problem) failures.push(`${label}: ${status} ${problem}`);
          if (status < 400 || status >= 500) {
            if (!EXPECTED_5XX[e.key]) failures.push(`${label}: status ${status}`);
          }
          const now = await writeCount(t.db);
          if (now !== expected) failures.push(`${label}: refused (${status}) but wrote ${now - expected} rows`);
          expected = now;
        } else {
          if (type.includes('application/json')) {
            const problem = envelopeProblem(status, type, text);
            if (problem) failures.push(`${label}: ${status} ${problem}`);
          }
          expected = await writeCount(t.db);
        }
      }
      perRoute[e.key] = Date.now() - routeStarted;
    }
    console.info(`hostile sweep: ${count} requests in ${Date.now() - started} ms; slowest: ${Object.entries(perRoute).sort((x, y) => y[1] - x[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(600);
  });
});

type Handler = Endpoint['handler'];

async function uploadTo(handler: Handler, path: string, name: string, bytes: Uint8Array, params: Record<string, string> = {}, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${h.merchant.token}`, 'accept-language': 'en-US' }, body: form });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { code: number; msg: string; data: unknown } };
}

describe('hostile input: uploads', () => {
  const spreadsheetRoutes: { key: string; path: string; fields: Record<string, string> }[] = [
    { key: 'POST /member/import/preview', path: '/member/import/preview', fields: {} },
    { key: 'POST /member/import', path: '/member/import', fields: { columns: '["firstName","lastName","email"]' } },
    { key: 'POST /reviews/import', path: '/reviews/import', fields: {} },
  ];
  const handlerOf = (key: string) => endpointOf(endpoints, key).handler;

  it('refuses zip bombs disguised as .xlsx (unpacked size and entry count), honest or lying headers', async () => {
    const bombs: [string, Buffer][] = [
      ['130 MB unpacked', zipBomb(130)],
      ['lying headers (1 KB declared, 10 MB unpacked)', zipBomb(10, true)],
      ['3000 entries', zipOfManyEntries(3000)],
    ];
    const before = await writeCount(t.db);
    const failures: string[] = [];
    for (const route of spreadsheetRoutes) {
      for (const [kind, bytes] of bombs) {
        expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024);
        const answer = await uploadTo(handlerOf(route.key), route.path, 'contacts.xlsx', bytes, {}, route.fields);
        if (answer.status < 400 || answer.status >= 500 || answer.body.code !== answer.status) failures.push(`${route.key} ${kind}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await writeCount(t.db)).toBe(before);
  });

  it('refuses wrong magic bytes (a PNG or an executable renamed to a spreadsheet or an image)', async () => {
    // The start of a real Windows executable (DOS header), then padding.
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]), Buffer.alloc(200, 0)]);
    const failures: string[] = [];
    for (const route of spreadsheetRoutes) {
      for (const [name, bytes] of [
        ['photo.xlsx', PNG],
        ['tool.xls', exe],
        ['binary.csv', exe],
      ] as [string, Buffer][]) {
        const answer = await uploadTo(handlerOf(route.key), route.path, name, bytes, {}, route.fields);
        if (answer.status < 400 || answer.status >= 500) failures.push(`${route.key} ${name}: ${answer.status} ${answer.body.msg}`);
      }
    }
    for (const [name, bytes] of [
      ['photo.png', exe],
      ['sheet.png', zipOfManyEntries(2)],
      ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ] as [string, Buffer][]) {
      const answer = await uploadTo(handlerOf('POST /aws/s3/[module]/upload'), '/aws/s3/campaign/upload', name, bytes, { module: 'campaign' });
      if (answer.status < 400 || answer.status >= 500) failures.push(`upload ${name}: ${answer.status} ${answer.body.msg}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps path-traversal file names out of storage keys and stored names', async () => {
    const names = ['../../../etc/passwd.png', '..\\..\\windows\\win.ini.png', '/etc/shadow.png', 'a/../../b.png', '%2e%2e%2fx.png', 'nul\u0000.png'];
    const failures: string[] = [];
    for (const name of names) {
      const answer = await uploadTo(handlerOf('POST /aws/s3/[module]/upload'), '/aws/s3/campaign/upload', name, PNG, { module: 'campaign' });
      if (answer.status >= 500) failures.push(`${name}: ${answer.status}`);
      if (answer.status !== 200) continue;
      const id = typeof answer.body.data === 'number' ? answer.body.data : (answer.body.data as { id: number }).id;
      const [row] = await t.db.select().from(files).where(eq(files.id, Number(id)));
      if (!row) failures.push(`${name}: no row for ${JSON.stringify(answer.body.data)}`);
      else {
        if (!/^campaign\/\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/.test(row.key)) failures.push(`${name}: key ${row.key}`);
        if (/[/\\\u0000]|\.\./.test(row.name)) failures.push(`${name}: stored name ${JSON.stringify(row.name)}`);
      }
    }
    for (const route of spreadsheetRoutes.slice(0, 1)) {
      const answer = await uploadTo(handlerOf(route.key), route.path, '../../../tmp/evil.csv', Buffer.from('firstName,lastName\nA,B\n'));
      if (answer.status >= 500) failures.push(`${route.key} traversal name: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });
});

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(1,2)', '\t=1+1', '=cmd|\' /C calc\'!A0'];
const FORMULA_START = /^[=+\-@\t\r]./s;
const E164 = /^\+\d{6,15}$/;

describe('exports escape formula characters', () => {
  it('the contact export (csv and xlsx) never starts a cell with = + - @ or tab', async () => {
    const [first, second, third] = FORMULAS;
    await t.db.insert(contacts).values(
      FORMULAS.map((f, i) => ({ merchantId: h.merchant.merchantId, firstName: f, lastName: [second, third, first][i % 3], email: `f${i}@example.com`, optToken: `formula-${i}-${h.marker}`, customFields: { note: f } })),
    );
    const handler = endpointOf(endpoints, 'GET /member/export').handler;
    const csv = await (await handler(new Request('http://localhost/api/member/export?format=csv', { headers: { authorization: `Bearer ${h.merchant.token}` } }), { params: Promise.resolve({}) })).text();
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
    const csvCells = rows.flat();
    expect(csvCells.some((c) => c.includes('HYPERLINK'))).toBe(true);
    expect(csvCells.filter((c) => FORMULA_START.test(c))).toEqual([]);

    const xlsx = await handler(new Request('http://localhost/api/member/export?format=xlsx', { headers: { authorization: `Bearer ${h.merchant.token}` } }), { params: Promise.resolve({}) });
    const cells = await workbookCells(Buffer.from(await xlsx.arrayBuffer()));
    expect(cells.some((c) => c.text.includes('HYPERLINK'))).toBe(true);
    // An .xlsx text cell holding only an E.164 phone number cannot compute: it is kept clean.
    expect(cells.filter((c) => c.formula || (FORMULA_START.test(c.text) && !E164.test(c.text)))).toEqual([]);
  });

  it('the reviews report (xlsx) never starts a cell with = + - @ or tab', async () => {
    const now = new Date();
    await t.db.insert(reviews).values(
      FORMULAS.map((f, i) => ({ merchantId: h.merchant.merchantId, site: 'other' as const, origin: 'manual' as const, externalId: `formula-${i}`, reviewerName: f, rating: 3, comment: f, replyComment: f, employeeTag: f, createTime: now, updateTime: now })),
    );
    const handler = endpointOf(endpoints, 'GET /reviews/report').handler;
    const response = await handler(new Request('http://localhost/api/reviews/report', { headers: { authorization: `Bearer ${h.merchant.token}` } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const cells = await workbookCells(Buffer.from(await response.arrayBuffer()));
    expect(cells.some((c) => c.text.includes('HYPERLINK'))).toBe(true);
    expect(cells.filter((c) => c.formula || FORMULA_START.test(c.text))).toEqual([]);
  });
});

async function workbookCells(bytes: Buffer): Promise<{ text: string; formula: boolean }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: { text: string; formula: boolean }[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const formula = cell.type === ExcelJS.ValueType.Formula;
        out.push({ text: typeof cell.value === 'string' ? cell.value : '', formula });
      }),
    ),
  );
  return out;
}
