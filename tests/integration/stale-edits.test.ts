import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi, type ApiAnswer } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import * as templateList from '@/app/api/campaign/template/route';
import * as templateOne from '@/app/api/campaign/template/[id]/route';
import * as postList from '@/app/api/admin/post/route';
import * as postOne from '@/app/api/admin/post/[id]/route';
import * as postPublish from '@/app/api/admin/post/[id]/publish/route';
import * as locationRoot from '@/app/api/merchant/location/route';
import * as locationOne from '@/app/api/merchant/location/[id]/route';
import * as locationStatus from '@/app/api/merchant/location/[id]/status/route';
import { savePost } from '@/lib/posts/write-post';

// Found from outside: templates, posts and locations let the last write win, a form opened
// earlier silently undoing another user's save. Each update takes the version its record
// answers (`version`, `updatedAt`, `updateTime`): a stale one is refused with 409 and nothing
// written; the current one saves; none saves as before (older API clients).
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const STALE = 'This was changed by someone else since you opened it. Reload to see the changes.';

let m: TestMerchant;
beforeAll(async () => {
  m = await createMerchant(t.db, { permissions: ['post:admin:manage'] });
});

function expectStale(res: ApiAnswer<unknown>) {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 409, msg: STALE, data: { stale: true } });
}

describe(`stale template edits (${driver})`, () => {
  type Template = { templateId: number; templateName: string; version: number };
  const body = { templateName: 'Thanks', type: 1, content: 'Hi {{firstName}}' };
  const get = async (id: number) => (await callApi<Template>(templateOne.GET, { path: '/x', token: m.token, params: { id: String(id) } })).body.data;
  const put = (id: number, over: Record<string, unknown>) => callApi<Template>(templateOne.PUT, { method: 'PUT', path: '/x', token: m.token, params: { id: String(id) }, body: { ...body, ...over } });

  it('refuses a stale version, saves the current one or none', async () => {
    const created = (await callApi<Template>(templateList.POST, { method: 'POST', path: '/campaign/template', token: m.token, body })).body.data;
    const saved = await put(created.templateId, { templateName: 'Owner', version: created.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(created.version + 1);
    expectStale(await put(created.templateId, { templateName: 'Staff', version: created.version }));
    expect(await get(created.templateId)).toMatchObject({ templateName: 'Owner', version: created.version + 1 });
    expect((await put(created.templateId, { templateName: 'Anyone' })).status).toBe(200);
    expect((await get(created.templateId)).templateName).toBe('Anyone');
  });

  it('answers 404, not 409, for a template deleted since', async () => {
    const created = (await callApi<Template>(templateList.POST, { method: 'POST', path: '/campaign/template', token: m.token, body })).body.data;
    await callApi(templateOne.DELETE, { method: 'DELETE', path: '/x', token: m.token, params: { id: String(created.templateId) } });
    expect((await put(created.templateId, { version: created.version })).status).toBe(404);
  });
});

describe(`stale post edits (${driver})`, () => {
  type Post = { id: number; title: string; status: string; updatedAt: string };
  const article = { title: 'Autumn menu', summary: '', body: '<p>Chestnut latte</p>', locale: 'en-US' as const };
  const get = async (id: number) => (await callApi<Post>(postOne.GET, { path: '/x', token: m.token, params: { id: String(id) } })).body.data;
  const put = (id: number, over: Record<string, unknown>) => callApi<Post>(postOne.PUT, { method: 'PUT', path: '/x', token: m.token, params: { id: String(id) }, body: { ...article, ...over } });
  const create = async () => (await callApi<Post>(postList.POST, { method: 'POST', path: '/admin/post', token: m.token, body: article })).body.data;

  it('refuses a stale updatedAt, saves the current one or none', async () => {
    const created = await create();
    const saved = await put(created.id, { title: 'Owner', updatedAt: created.updatedAt });
    expect(saved.status).toBe(200);
    expect(saved.body.data.updatedAt).not.toBe(created.updatedAt);
    expectStale(await put(created.id, { title: 'Staff', updatedAt: created.updatedAt }));
    expect((await get(created.id)).title).toBe('Owner');
    expect((await put(created.id, { title: 'Next', updatedAt: saved.body.data.updatedAt })).status).toBe(200);
    expect((await put(created.id, { title: 'Anyone' })).status).toBe(200);
    expect((await get(created.id)).title).toBe('Anyone');
  });

  it('a publish moves the version: the editor\'s save from before it is refused, and so is its publish', async () => {
    const created = await create();
    await callApi(postPublish.POST, { method: 'POST', path: '/x', token: m.token, params: { id: String(created.id) } });
    expectStale(await put(created.id, { title: 'Staff', updatedAt: created.updatedAt }));
    await expect(savePost(m.ctx, { ...article, coverFileId: null, id: created.id, intent: 'unpublish', title: 'Staff', updatedAt: new Date(created.updatedAt) })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await get(created.id)).toMatchObject({ title: 'Autumn menu', status: 'published' });
  });

  it('a version written at the database\'s microsecond is matched at the millisecond the API answers', async () => {
    const created = await create();
    await t.db.execute(sql`update posts set updated_at = '2026-03-01 02:00:00.123456+00' where id = ${created.id}`);
    const read = await get(created.id);
    expect(read.updatedAt).toBe('2026-03-01T02:00:00.123Z');
    expect((await put(created.id, { title: 'Fine', updatedAt: read.updatedAt })).status).toBe(200);
  });
});

describe(`stale location edits (${driver})`, () => {
  type Location = { locationId: number; locationName: string; enabled: boolean; updateTime: string };
  const fields = { address: '1 Main St', city: 'Springfield', state: 'IL', country: 'US', zipCode: '62701' };
  const get = async (id: number) => (await callApi<Location>(locationOne.GET, { path: '/x', token: m.token, params: { id: String(id) } })).body.data;
  const put = (body: Record<string, unknown>) => callApi<Location>(locationRoot.PUT, { method: 'PUT', path: '/merchant/location', token: m.token, body: { ...fields, ...body } });

  it('refuses a stale updateTime, saves the current one or none', async () => {
    const row = await createLocation(t.db, m.merchantId, { updatedAt: new Date('2026-01-01T00:00:00.000Z') });
    const opened = await get(row.id);
    const saved = await put({ locationId: row.id, locationName: 'Owner', updateTime: opened.updateTime });
    expect(saved.status).toBe(200);
    expect(saved.body.data.updateTime).not.toBe(opened.updateTime);
    expectStale(await put({ locationId: row.id, locationName: 'Staff', updateTime: opened.updateTime }));
    expect((await get(row.id)).locationName).toBe('Owner');
    expect((await put({ locationId: row.id, locationName: 'Anyone' })).status).toBe(200);
    expect((await get(row.id)).locationName).toBe('Anyone');
  });

  it('a status change moves the version; a deleted location still answers 404', async () => {
    const row = await createLocation(t.db, m.merchantId);
    const opened = await get(row.id);
    await callApi(locationStatus.PUT, { method: 'PUT', path: `/x?status=0`, token: m.token, params: { id: String(row.id) } });
    // The stale form would have switched the location back on.
    expectStale(await put({ locationId: row.id, locationName: 'Staff', enabled: true, updateTime: opened.updateTime }));
    expect((await get(row.id)).enabled).toBe(false);
    await callApi(locationOne.DELETE, { method: 'DELETE', path: '/x', token: m.token, params: { id: String(row.id) } });
    expect((await put({ locationId: row.id, locationName: 'Gone', updateTime: opened.updateTime })).status).toBe(404);
  });
});
