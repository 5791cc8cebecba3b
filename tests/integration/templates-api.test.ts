import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '@/db/schema/campaigns';
import { templates } from '@/db/schema/templates';
import * as list from '@/app/api/campaign/template/route';
import * as one from '@/app/api/campaign/template/[id]/route';
import { seedCommonTemplates } from '@/lib/seed/common-templates';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

const t = setupTestDatabase();
let owner: TestMerchant;
let other: TestMerchant;
let trial: TestMerchant;

interface Dto { templateId: number; templateName: string; type: number; subject: string | null; content: string; contentText: string; merchantId: number; inUse: boolean; usedBy: string[]; createTime: string; updateTime: string; scene: string | null; includeUnsubscribe: boolean; category: string }
interface Page { total: number; pageNum: number; pageSize: number; records: Dto[] }

const email = { templateName: 'Welcome', type: 0, subject: 'Hi {{first_name}}', content: '<p>Hello {{名字}}, <a href="{{googleReviewLink}}">review</a></p>', isDefault: false, category: 'Reviews' };
const sms = { templateName: '短信', type: 1, content: '{{FirstName}}您好 {{reviewLink}}', scene: 'first_optin', includeUnsubscribe: true };

const create = (m: TestMerchant, body: unknown) => callApi<Dto>(list.POST, { method: 'POST', path: '/campaign/template', token: m.token, body });
const get = (m: TestMerchant, id: number) => callApi<Dto>(one.GET, { path: `/campaign/template/${id}`, token: m.token, params: { id: String(id) } });
const put = (m: TestMerchant, id: number, body: unknown) => callApi<Dto>(one.PUT, { method: 'PUT', path: `/campaign/template/${id}`, token: m.token, params: { id: String(id) }, body });
const del = (m: TestMerchant, id: number) => callApi(one.DELETE, { method: 'DELETE', path: `/campaign/template/${id}`, token: m.token, params: { id: String(id) } });
const page = (m: TestMerchant, query = '', locale = 'en-US') => callApi<Page>(list.GET, { path: `/campaign/template${query}`, token: m.token, locale });

beforeAll(async () => {
  await seedCommonTemplates(t.db);
  owner = await createMerchant(t.db);
  other = await createMerchant(t.db);
  trial = await createMerchant(t.db, { subscriptionStatus: 'TRIAL_ACTIVE' });
});

describe(`templates API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('creates an e-mail template with tokens normalised and HTML kept', async () => {
    const res = await create(owner, email);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const dto = res.body.data;
    expect(dto).toMatchObject({ templateName: 'Welcome', type: 0, subject: 'Hi {{firstName}}', merchantId: owner.merchantId, category: 'Reviews', inUse: false });
    expect(dto.content).toBe('<p>Hello {{firstName}}, <a href="{{googleReviewLink}}" rel="noopener noreferrer">review</a></p>');
    expect(dto.contentText).toBe('Hello {{firstName}}, review ({{googleReviewLink}})');
    expect(dto.createTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('creates an SMS template with scene and unsubscribe option', async () => {
    const res = await create(owner, sms);
    expect(res.body.data).toMatchObject({ type: 1, content: '{{firstName}}您好 {{googleReviewLink}}', contentText: '{{firstName}}您好 {{googleReviewLink}}', scene: 'first_optin', includeUnsubscribe: true, subject: null });
  });

  it('saves a missing name under the translated untitled default', async () => {
    expect((await create(owner, { ...sms, templateName: '' })).body.data.templateName).toBe('Untitled template');
    const zh = await callApi<Dto>(list.POST, { method: 'POST', path: '/campaign/template', token: owner.token, body: { ...sms, templateName: undefined }, locale: 'zh-CN' });
    expect(zh.body.data.templateName).toBe('未命名模板');
  });

  it('sanitises the body whatever the client sends', async () => {
    const res = await create(owner, { ...email, content: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a><iframe src="https://evil"></iframe></p>' });
    expect(res.status).toBe(200);
    expect(res.body.data.content).toBe('<p>Hi<img src="x" /><a rel="noopener noreferrer">l</a></p>');
  });

  it('refuses unknown tokens, naming them', async () => {
    const res = await create(owner, { ...email, subject: '{{coupon}}', content: '<p>{{会员等级}} {{firstName}}</p>' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('{{coupon}}');
    expect(res.body.msg).toContain('{{会员等级}}');
    expect(res.body.data).toMatchObject({ unknownTokens: ['coupon', '会员等级'] });
  });

  it('refuses bad input with 400 and field errors', async () => {
    expect((await create(owner, { ...email, type: 3 })).status).toBe(400);
    expect((await create(owner, { ...email, subject: '' })).body.data).toMatchObject({ fieldErrors: { subject: expect.any(String) } });
    expect((await create(owner, { ...sms, content: '   ' })).body.data).toMatchObject({ fieldErrors: { content: expect.any(String) } });
    expect((await create(owner, { ...sms, content: 'x'.repeat(1001) })).status).toBe(400);
    expect((await create(owner, { ...email, templateName: 'n'.repeat(101) })).status).toBe(400);
    const badJson = await callApi(list.POST, { method: 'POST', path: '/campaign/template', token: owner.token, rawBody: '{oops', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect((await callApi(list.GET, { path: '/campaign/template' })).status).toBe(401);
  });

  it('lists own and common templates, filtered by type, paged', async () => {
    const all = await page(owner, '?type=1');
    expect(all.status).toBe(200);
    expect(all.body.data.records.every((r) => r.type === 1)).toBe(true);
    const mine = all.body.data.records.filter((r) => r.merchantId === owner.merchantId);
    const common = all.body.data.records.filter((r) => r.merchantId === 0);
    expect(mine.length).toBe(3);
    expect(common.length).toBeGreaterThanOrEqual(4);
    // Own templates first.
    expect(all.body.data.records.findIndex((r) => r.merchantId === 0)).toBe(mine.length);
    const byName = await page(owner, '?type=text');
    expect(byName.body.data.total).toBe(all.body.data.total);
    const emails = await page(owner, '?type=email&pageNum=1&pageSize=2');
    expect(emails.body.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(emails.body.data.records).toHaveLength(2);
    const second = await page(owner, '?type=0&pageNum=2&pageSize=2');
    expect(second.body.data.records[0].templateId).not.toBe(emails.body.data.records[0].templateId);
    expect((await page(owner, '?pageSize=101')).status).toBe(400);
    expect((await page(owner, '?type=fax')).status).toBe(400);
    // Common templates follow the request's language.
    const zh = await page(owner, '?type=1&common=locale', 'zh-CN');
    expect(zh.body.data.records.filter((r) => r.merchantId === 0).every((r) => /[\u4e00-\u9fff]/.test(r.templateName))).toBe(true);
    const none = await page(owner, '?common=none');
    expect(none.body.data.records.every((r) => r.merchantId === owner.merchantId)).toBe(true);
    // Another merchant sees none of them.
    const others = await page(other, '?common=none');
    expect(others.body.data.total).toBe(0);
  });

  it('updates, answers 404 for another merchant, and refuses a type change', async () => {
    const created = (await create(owner, email)).body.data;
    const updated = await put(owner, created.templateId, { ...email, templateName: 'Renamed', subject: 'New {{lastName}}' });
    expect(updated.body.data).toMatchObject({ templateName: 'Renamed', subject: 'New {{lastName}}' });
    expect(new Date(updated.body.data.updateTime).getTime()).toBeGreaterThanOrEqual(new Date(created.updateTime).getTime());
    expect((await get(other, created.templateId)).status).toBe(404);
    expect((await put(other, created.templateId, email)).status).toBe(404);
    expect((await del(other, created.templateId)).status).toBe(404);
    expect((await get(owner, 999999)).status).toBe(404);
    expect((await put(owner, created.templateId, { ...sms })).status).toBe(400);
  });

  it('reads common templates but refuses to edit or delete them (403)', async () => {
    const [common] = await t.db.select().from(templates).where(eq(templates.merchantId, 0)).limit(1);
    expect((await get(owner, common.id)).body.data.merchantId).toBe(0);
    const edit = await put(owner, common.id, { ...email, type: common.type, content: 'x', subject: 'y' });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toMatch(/no permission/i);
    expect((await del(owner, common.id)).status).toBe(403);
  });

  it('refuses create, edit and delete for a trial account', async () => {
    const res = await create(trial, email);
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/trial/i);
    const [row] = await t.db.insert(templates).values({ merchantId: trial.merchantId, name: 'old', type: 1, content: 'hi' }).returning();
    expect((await put(trial, row.id, sms)).status).toBe(403);
    expect((await del(trial, row.id)).status).toBe(403);
    expect((await get(trial, row.id)).status).toBe(200);
    expect((await page(trial)).status).toBe(200);
  });

  it('refuses deleting a template a non-draft campaign uses, naming the campaigns', async () => {
    const tpl = (await create(owner, sms)).body.data;
    await t.db.insert(campaigns).values([
      { merchantId: owner.merchantId, name: '春季评价邀请', channel: 1, status: 2, templateId: tpl.templateId },
      { merchantId: owner.merchantId, name: 'Draft one', channel: 1, status: 0, templateId: tpl.templateId },
    ]);
    const listed = await get(owner, tpl.templateId);
    expect(listed.body.data).toMatchObject({ inUse: true, usedBy: ['春季评价邀请'] });
    const res = await del(owner, tpl.templateId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('春季评价邀请');
    expect(res.body.msg).not.toContain('Draft one');
    // Used by a draft only: deletable.
    const free = (await create(owner, sms)).body.data;
    await t.db.insert(campaigns).values({ merchantId: owner.merchantId, name: 'Draft two', channel: 1, status: 0, templateId: free.templateId });
    expect((await del(owner, free.templateId)).status).toBe(200);
    expect((await get(owner, free.templateId)).status).toBe(404);
  });
});
