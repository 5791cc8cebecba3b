import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts } from '@/db/schema/posts';
import { users } from '@/db/schema/users';
import { signAccessToken } from '@/lib/auth/tokens';
import { isAppError } from '@/lib/errors/app-error';
import { files } from '@/db/schema/files';
import { createPost, deletePost, publishPost, savePost, unpublishPost, updatePost } from '@/lib/posts/write-post';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { seedPosts } from '@/lib/seed/posts';
import { seedDemoMerchant } from '@/lib/seed/merchant';
import * as adminList from '@/app/api/admin/post/route';
import * as adminOne from '@/app/api/admin/post/[id]/route';
import * as adminPublish from '@/app/api/admin/post/[id]/publish/route';
import * as adminUnpublish from '@/app/api/admin/post/[id]/unpublish/route';
import * as publicList from '@/app/api/post/list/route';
import * as publicOne from '@/app/api/post/[id]/route';
import * as uploadRoute from '@/app/api/aws/s3/[module]/upload/route';
import * as viewRoute from '@/app/api/aws/s3/[module]/view/route';
import { isPublicFile } from '@/lib/files/read-file';
import { saveUpload } from '@/lib/files/save-upload';

const t = setupTestDatabase();
const PERMISSION = 'post:admin:manage';

interface PostJson {
  id: number;
  publicId: string;
  title: string;
  summary: string;
  body: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
  authorName: string | null;
  coverUrl: string | null;
}

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Autumn menu',
  summary: 'Chestnut latte is back',
  body: '<p>Our <strong>autumn</strong> menu arrives on Monday.</p>',
  locale: 'en-US',
  ...over,
});

let admin: TestMerchant;
let reader: TestMerchant;
let other: TestMerchant;

async function create(merchant: TestMerchant, over: Record<string, unknown> = {}) {
  const res = await callApi<PostJson>(adminList.POST, { method: 'POST', path: '/admin/post', token: merchant.token, body: article(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function publish(merchant: TestMerchant, id: number) {
  return callApi<PostJson>(adminPublish.POST, { method: 'POST', path: `/admin/post/${id}/publish`, token: merchant.token, params: { id: String(id) } });
}

/** A second user of the same merchant, without post:admin:manage. */
async function colleagueWithout(of: TestMerchant): Promise<TestMerchant> {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: of.merchantId, email: `staff-${of.merchantId}@example.com`, name: 'Staff', passwordHash: 'x', permissions: [] })
    .returning({ id: users.id });
  const { token } = await signAccessToken(user.id, of.merchantId, new Date());
  return { merchantId: of.merchantId, userId: user.id, email: 'staff', token, ctx: { ...of.ctx, userId: user.id, permissions: [] } };
}

beforeAll(async () => {
  // Uploads (and the seed's covers) go to a folder of this file's own.
  process.env.UPLOAD_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'starloop-posts-'));
  admin = await createMerchant(t.db, { permissions: [PERMISSION] });
  reader = await colleagueWithout(admin);
  other = await createMerchant(t.db, { permissions: [PERMISSION] });
});

describe(`posts (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('takes a Chinese post of 400,000 characters (1.2 MB of JSON) through the API, and refuses one past 500,000 beside the body (found from outside: 413)', async () => {
    const long = `<p>${'晨光咖啡秋季新品上市欢迎品尝'.repeat(28_571)}</p>`;
    expect(long.length).toBeGreaterThan(400_000);
    const post = await create(admin, { body: long, locale: 'zh-CN' });
    expect(post.body.length).toBe(long.length);
    const over = await callApi<{ fieldErrors: Record<string, string> }>(adminList.POST, { method: 'POST', path: '/admin/post', token: admin.token, body: article({ body: `<p>${'长'.repeat(500_001)}</p>` }) });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.data?.fieldErrors ?? {})).toEqual(['body']);
  });

  describe('the permission rule on every admin call', () => {
    const calls = (): { name: string; handler: (r: Request, c: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>; method: string; path: string; params: Record<string, string>; body?: unknown }[] => [
      { name: 'list', handler: adminList.GET, method: 'GET', path: '/admin/post', params: {} },
      { name: 'create', handler: adminList.POST, method: 'POST', path: '/admin/post', params: {}, body: article() },
      { name: 'get', handler: adminOne.GET, method: 'GET', path: '/admin/post/1', params: { id: '1' } },
      { name: 'update', handler: adminOne.PUT, method: 'PUT', path: '/admin/post/1', params: { id: '1' }, body: article() },
      { name: 'delete', handler: adminOne.DELETE, method: 'DELETE', path: '/admin/post/1', params: { id: '1' } },
      { name: 'publish', handler: adminPublish.POST, method: 'POST', path: '/admin/post/1/publish', params: { id: '1' } },
      { name: 'unpublish', handler: adminUnpublish.POST, method: 'POST', path: '/admin/post/1/unpublish', params: { id: '1' } },
    ];

    it('answers 401 without a token', async () => {
      for (const call of calls()) {
        const res = await callApi(call.handler, { ...call });
        expect(res.status, call.name).toBe(401);
        expect(res.body.code, call.name).toBe(401);
      }
    });

    it('answers 403 without post:admin:manage on every write, and writes nothing; reads are open, as in the app', async () => {
      const target = await create(admin);
      for (const call of calls()) {
        const params: Record<string, string> = 'id' in call.params ? { id: String(target.id) } : {};
        const res = await callApi(call.handler, { ...call, params, token: reader.token });
        if (call.method === 'GET') {
          expect(res.status, call.name).toBe(200);
          continue;
        }
        expect(res.status, call.name).toBe(403);
        expect(res.body.code, call.name).toBe(403);
        expect(res.body.msg, call.name).toBe('This account has no permission');
      }
      const [row] = await t.db.select().from(posts).where(eq(posts.id, target.id));
      expect(row.status).toBe('draft');
      expect(row.title).toBe('Autumn menu');
    });

    it('is checked again by every write of the service, whoever calls it', async () => {
      const target = await create(admin, { title: 'Untouched' });
      const input = { ...article({ body: '<p>Changed</p>' }), coverFileId: null, locale: 'en-US' as const };
      const writes: [string, () => Promise<unknown>][] = [
        ['createPost', () => createPost(reader.ctx, input)],
        ['updatePost', () => updatePost(reader.ctx, target.id, input)],
        ['savePost (new)', () => savePost(reader.ctx, { ...input, intent: 'save' })],
        ['savePost (existing)', () => savePost(reader.ctx, { ...input, id: target.id, intent: 'save' })],
        ['savePost (publish)', () => savePost(reader.ctx, { ...input, id: target.id, intent: 'publish' })],
        ['deletePost', () => deletePost(reader.ctx, target.id)],
        ['publishPost', () => publishPost(reader.ctx, target.id)],
        ['unpublishPost', () => unpublishPost(reader.ctx, target.id)],
      ];
      const before = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.merchantId, admin.merchantId));
      for (const [name, write] of writes) {
        const error = await write().catch((e: unknown) => e);
        expect(isAppError(error) && error.code, name).toBe('FORBIDDEN');
      }
      const after = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.merchantId, admin.merchantId));
      expect(after).toHaveLength(before.length);
      const [row] = await t.db.select().from(posts).where(eq(posts.id, target.id));
      expect(row).toMatchObject({ title: 'Untouched', status: 'draft' });
    });

    it('guards uploads of post images: 403 without the permission, on the route and in the service', async () => {
      const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      const send = (who: TestMerchant, module: string) => {
        const form = new FormData();
        form.append('file', new File([PNG], 'cover.png', { type: 'image/png' }));
        const request = new Request(`http://localhost/api/aws/s3/${module}/upload`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en-US' }, body: form });
        return uploadRoute.POST(request, { params: Promise.resolve({ module }) });
      };
      const count = async () => (await t.db.select({ id: files.id }).from(files).where(eq(files.merchantId, admin.merchantId))).length;
      const before = await count();
      const refused = await send(reader, 'post');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { msg: string }).msg).toBe('This account has no permission to manage posts');
      expect(await count()).toBe(before);
      const error = await saveUpload(reader.ctx, 'post', { name: 'cover.png', bytes: new Uint8Array(PNG) }).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('FORBIDDEN');
      expect(await count()).toBe(before);
      // Other modules stay open to every signed-in user; the permission holder uploads post images.
      expect((await send(reader, 'campaign')).status).toBe(200);
      expect((await send(admin, 'post')).status).toBe(200);
      expect(await count()).toBe(before + 2);
    });
  });

  describe('writing', () => {
    it('creates a draft, updates, publishes and unpublishes', async () => {
      const post = await create(admin, { title: '  Holiday hours  ' });
      expect(post).toMatchObject({ title: 'Holiday hours', status: 'draft', publishedAt: null });
      expect(post.authorName).toMatch(/^Owner /);
      expect(post.publicId).toMatch(/^[A-Za-z0-9_-]{16}$/);

      const updated = await callApi<PostJson>(adminOne.PUT, { method: 'PUT', path: `/admin/post/${post.id}`, token: admin.token, params: { id: String(post.id) }, body: article({ title: 'Holiday hours 2026' }) });
      expect(updated.status).toBe(200);
      expect(updated.body.data.title).toBe('Holiday hours 2026');

      const published = await publish(admin, post.id);
      expect(published.status).toBe(200);
      expect(published.body.data.status).toBe('published');
      expect(published.body.data.publishedAt).toBeTruthy();

      const unpublished = await callApi<PostJson>(adminUnpublish.POST, { method: 'POST', path: `/admin/post/${post.id}/unpublish`, token: admin.token, params: { id: String(post.id) } });
      expect(unpublished.body.data).toMatchObject({ status: 'draft', publishedAt: null });
    });

    it('refuses to publish an empty body, with a field message', async () => {
      const post = await create(admin, { body: '<p><br></p>' });
      const res = await publish(admin, post.id);
      expect(res.status).toBe(400);
      expect((res.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.body).toBe('Write the body before publishing');
    });

    it('answers a missing title beside the field', async () => {
      const res = await callApi(adminList.POST, { method: 'POST', path: '/admin/post', token: admin.token, body: article({ title: '   ' }) });
      expect(res.status).toBe(400);
      expect((res.body.data as { fieldErrors: Record<string, string> }).fieldErrors.title).toBe('This field is required');
    });

    it('deletes', async () => {
      const post = await create(admin);
      const res = await callApi(adminOne.DELETE, { method: 'DELETE', path: `/admin/post/${post.id}`, token: admin.token, params: { id: String(post.id) } });
      expect(res.status).toBe(200);
      const again = await callApi(adminOne.GET, { path: `/admin/post/${post.id}`, token: admin.token, params: { id: String(post.id) } });
      expect(again.status).toBe(404);
    });
  });

  describe('sanitising on every write', () => {
    const dirty =
      '<p>Hello<script>alert(1)</script></p><img src="/api/aws/s3/post/view?id=7" onerror="alert(2)"><p><a href="javascript:alert(3)">click</a> <a href="https://example.com" onclick="x()">ok</a></p>';

    const expectClean = (body: string) => {
      expect(body).not.toMatch(/<script/i);
      expect(body).not.toContain('alert(1)');
      expect(body).not.toMatch(/onerror/i);
      expect(body).not.toMatch(/onclick/i);
      expect(body).not.toMatch(/javascript:/i);
      expect(body).toContain('<img src="/api/aws/s3/post/view?id=7"');
      expect(body).toContain('href="https://example.com"');
    };

    it('on create', async () => {
      const post = await create(admin, { body: dirty });
      expectClean(post.body);
      const [row] = await t.db.select({ body: posts.body }).from(posts).where(eq(posts.id, post.id));
      expectClean(row.body);
    });

    it('on the editor’s save, publish and update (savePost)', async () => {
      const saved = await savePost(admin.ctx, { ...article({ body: dirty }), coverFileId: null, locale: 'en-US', intent: 'save' });
      expectClean(saved.body);
      const published = await savePost(admin.ctx, { ...article({ body: `<p>Now live</p>${dirty}` }), coverFileId: null, locale: 'en-US', id: saved.id, intent: 'publish' });
      expect(published.status).toBe('published');
      expectClean(published.body);
      const updated = await savePost(admin.ctx, { ...article({ body: `${dirty}<iframe src="https://evil.example"></iframe>` }), coverFileId: null, locale: 'en-US', id: saved.id, intent: 'save' });
      expectClean(updated.body);
      expect(updated.body).not.toMatch(/<iframe[^>]*evil/i);
      const [row] = await t.db.select({ body: posts.body }).from(posts).where(eq(posts.id, saved.id));
      expectClean(row.body);
      expect(row.body).not.toMatch(/<iframe[^>]*evil/i);
    });

    it('on update', async () => {
      const post = await create(admin);
      const res = await callApi<PostJson>(adminOne.PUT, { method: 'PUT', path: `/admin/post/${post.id}`, token: admin.token, params: { id: String(post.id) }, body: article({ body: dirty }) });
      expectClean(res.body.data.body);
      const [row] = await t.db.select({ body: posts.body }).from(posts).where(eq(posts.id, post.id));
      expectClean(row.body);
    });
  });

  describe('public reads', () => {
    it('need no token, and never show a draft', async () => {
      const draft = await create(other, { title: 'Secret draft' });
      const live = await create(other, { title: 'Loyalty programme', locale: 'zh-HK' });
      await publish(other, live.id);

      const one = await callApi<{ title: string; merchantName: string; url: string }>(publicOne.GET, { path: `/post/${live.publicId}`, params: { id: live.publicId } });
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ title: 'Loyalty programme', url: `/p/${live.publicId}` });
      expect(one.body.data).not.toHaveProperty('id');

      const hidden = await callApi(publicOne.GET, { path: `/post/${draft.publicId}`, params: { id: draft.publicId } });
      expect(hidden.status).toBe(404);

      const list = await callApi<{ total: number; records: { title: string }[] }>(publicList.GET, { path: `/post/list?merchantId=${other.merchantId}` });
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.records.map((r) => r.title)).toEqual(['Loyalty programme']);

      const byLocale = await callApi<{ total: number }>(publicList.GET, { path: `/post/list?merchantId=${other.merchantId}&locale=en-US` });
      expect(byLocale.body.data.total).toBe(0);
    });

    it('stop at once when an article is unpublished', async () => {
      const live = await create(other, { title: 'Short-lived' });
      await publish(other, live.id);
      expect((await callApi(publicOne.GET, { path: `/post/${live.publicId}`, params: { id: live.publicId } })).status).toBe(200);
      await callApi(adminUnpublish.POST, { method: 'POST', path: `/admin/post/${live.id}/unpublish`, token: other.token, params: { id: String(live.id) } });
      expect((await callApi(publicOne.GET, { path: `/post/${live.publicId}`, params: { id: live.publicId } })).status).toBe(404);
    });

    it('answer 400 for a malformed id and 404 for an unknown one', async () => {
      expect((await callApi(publicOne.GET, { path: '/post/x', params: { id: 'x' } })).status).toBe(400);
      expect((await callApi(publicOne.GET, { path: '/post/AAAAAAAAAAAAAAAA', params: { id: 'AAAAAAAAAAAAAAAA' } })).status).toBe(404);
    });
  });

  describe('tenancy', () => {
    it("answers another merchant's post id 404 on every admin call", async () => {
      const foreign = await create(other, { title: 'Not yours' });
      const id = String(foreign.id);
      const answers = await Promise.all([
        callApi(adminOne.GET, { path: `/admin/post/${id}`, token: admin.token, params: { id } }),
        callApi(adminOne.PUT, { method: 'PUT', path: `/admin/post/${id}`, token: admin.token, params: { id }, body: article() }),
        callApi(adminOne.DELETE, { method: 'DELETE', path: `/admin/post/${id}`, token: admin.token, params: { id } }),
        callApi(adminPublish.POST, { method: 'POST', path: `/admin/post/${id}/publish`, token: admin.token, params: { id } }),
        callApi(adminUnpublish.POST, { method: 'POST', path: `/admin/post/${id}/unpublish`, token: admin.token, params: { id } }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
      const missing = await callApi(adminOne.GET, { path: '/admin/post/999999', token: admin.token, params: { id: '999999' } });
      expect(missing.body.msg).toBe(answers[0].body.msg);
      const [row] = await t.db.select().from(posts).where(eq(posts.id, foreign.id));
      expect(row).toMatchObject({ title: 'Not yours', status: 'draft' });
    });

    it("lists only the merchant's own posts, with search, status filter and paging", async () => {
      const merchant = await createMerchant(t.db, { permissions: [PERMISSION] });
      for (let i = 1; i <= 12; i++) await create(merchant, { title: `Weekly special ${i}`, summary: i === 3 ? 'Mango 100% pure' : 'Coffee' });
      const menu = await create(merchant, { title: '秋季新品菜单' });
      await publish(merchant, menu.id);

      const page1 = await callApi<{ total: number; records: PostJson[] }>(adminList.GET, { path: '/admin/post?pageNum=1&pageSize=10', token: merchant.token });
      expect(page1.body.data.total).toBe(13);
      expect(page1.body.data.records).toHaveLength(10);
      const page2 = await callApi<{ total: number; records: PostJson[] }>(adminList.GET, { path: '/admin/post?pageNum=2&pageSize=10', token: merchant.token });
      expect(page2.body.data.records).toHaveLength(3);

      const search = await callApi<{ total: number; records: PostJson[] }>(adminList.GET, { path: `/admin/post?keyword=${encodeURIComponent('秋季')}`, token: merchant.token });
      expect(search.body.data.records.map((r) => r.title)).toEqual(['秋季新品菜单']);
      // LIKE wildcards typed by a user are literal text.
      const percent = await callApi<{ total: number }>(adminList.GET, { path: `/admin/post?keyword=${encodeURIComponent('100%')}`, token: merchant.token });
      expect(percent.body.data.total).toBe(1);
      const published = await callApi<{ total: number }>(adminList.GET, { path: '/admin/post?status=published', token: merchant.token });
      expect(published.body.data.total).toBe(1);
      const badSize = await callApi(adminList.GET, { path: '/admin/post?pageSize=7', token: merchant.token });
      expect(badSize.status).toBe(400);
    });
  });

  describe('demo data', () => {
    it('seeds the demo merchant’s articles once: published and draft, Chinese and English', async () => {
      // seedAll runs every domain's seed; this file checks its own step (database.test.ts runs them all).
      const demo = await seedDemoMerchant(t.db);
      expect(await seedPosts(t.db, demo)).toBe(4);
      expect(await seedPosts(t.db, demo)).toBe(0);
      const rows = await t.db.select().from(posts).where(eq(posts.merchantId, demo.merchantId));
      expect(rows).toHaveLength(4);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['draft', 'published']));
      expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(['zh-CN', 'en-US', 'zh-HK']));
      for (const row of rows) {
        expect(row.authorUserId).toBe(demo.userId);
        expect(row.publishedAt === null).toBe(row.status === 'draft');
        // No cover is open by its id; published ones open by the signed address of the public page.
        if (row.coverFileId) expect(await isPublicFile(t.db, Number(row.coverFileId))).toBe(false);
      }
      expect(rows.filter((r) => r.coverFileId)).toHaveLength(3);
      const list = await callApi<{ total: number }>(publicList.GET, { path: `/post/list?merchantId=${demo.merchantId}` });
      expect(list.body.data.total).toBe(2);
    });
  });

  describe('files of a published article', () => {
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

    async function upload(merchant: TestMerchant): Promise<number> {
      const form = new FormData();
      form.append('file', new File([PNG], 'cover.png', { type: 'image/png' }));
      const request = new Request('http://localhost/api/aws/s3/post/upload', { method: 'POST', headers: { authorization: `Bearer ${merchant.token}` }, body: form });
      const response = await uploadRoute.POST(request, { params: Promise.resolve({ module: 'post' }) });
      const body = (await response.json()) as { code: number; data: number };
      expect(body.code).toBe(200);
      return body.data;
    }

    const viewSignedOut = (id: number) => viewUrl(`/api/aws/s3/post/view?id=${id}`);
    const viewUrl = (url: string) => viewRoute.GET(new Request(`http://localhost${url}`), { params: Promise.resolve({ module: 'post' }) }).then((r) => r.status);
    // What a signed-out reader gets: the public post API's cover and the image addresses of its body.
    async function publicAddresses(publicId: string): Promise<{ status: number; cover: string | null; images: string[] }> {
      const res = await callApi<{ coverUrl: string | null; body: string }>(publicOne.GET, { path: `/post/${publicId}`, params: { id: publicId } });
      if (res.status !== 200) return { status: res.status, cover: null, images: [] };
      const images = [...res.body.data.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
      return { status: 200, cover: res.body.data.coverUrl, images };
    }

    it('become viewable signed out when the article is published', async () => {
      const cover = await upload(admin);
      const inline = await upload(admin);
      const post = await create(admin, { coverFileId: cover, body: `<p>Latte art</p><img src="/api/aws/s3/post/view?id=${inline}" alt="">` });
      expect(post.coverUrl).toBe(`/api/aws/s3/post/view?id=${cover}`);
      expect(await viewSignedOut(cover)).toBe(404);
      expect(await viewSignedOut(inline)).toBe(404);
      expect((await publicAddresses(post.publicId)).status).toBe(404);

      await publish(admin, post.id);
      const published = await publicAddresses(post.publicId);
      expect(published.cover).toMatch(new RegExp(`^/api/aws/s3/post/view\\?id=${cover}&s=[A-Za-z0-9_-]{22}$`));
      expect(published.images).toHaveLength(1);
      const coverUrl = published.cover ?? '';
      expect(await viewUrl(coverUrl)).toBe(200);
      expect(await viewUrl(published.images[0])).toBe(200);
      // The sequential id alone still opens nothing, nor a signature of another file.
      expect(await viewSignedOut(cover)).toBe(404);
      expect(await viewUrl(coverUrl.replace(`id=${cover}`, `id=${inline}`))).toBe(404);
    });

    it('open by a signed address when a published article gains a new image', async () => {
      const post = await create(admin);
      await publish(admin, post.id);
      const added = await upload(admin);
      expect(await viewSignedOut(added)).toBe(404);
      await callApi(adminOne.PUT, { method: 'PUT', path: `/admin/post/${post.id}`, token: admin.token, params: { id: String(post.id) }, body: article({ body: `<p>New photo</p><img src="/api/aws/s3/post/view?id=${added}">` }) });
      const { images } = await publicAddresses(post.publicId);
      expect(images).toHaveLength(1);
      expect(images[0]).toContain(`id=${added}&s=`);
      expect(await viewUrl(images[0])).toBe(200);
    });

    it("refuse another merchant's file as a cover", async () => {
      const foreign = await upload(other);
      const res = await callApi(adminList.POST, { method: 'POST', path: '/admin/post', token: admin.token, body: article({ coverFileId: foreign }) });
      expect(res.status).toBe(400);
      expect((res.body.data as { fieldErrors: Record<string, string> }).fieldErrors.coverFileId).toBe('The cover image was not found; upload it again');
      expect(await isPublicFile(t.db, foreign)).toBe(false);
    });
  });
});
