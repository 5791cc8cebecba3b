import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as upload from '@/app/api/aws/s3/[module]/upload/route';
import * as view from '@/app/api/aws/s3/[module]/view/route';
import * as download from '@/app/api/aws/s3/download/route';
import * as list from '@/app/api/campaign/template/route';
import { files } from '@/db/schema/files';
import { draftTemplate } from '@/lib/ai/draft-template';
import { isPublicFile } from '@/lib/files/read-file';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { eq } from 'drizzle-orm';

const t = setupTestDatabase();
let owner: TestMerchant;
let other: TestMerchant;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starloop-uploads-'));

// A real 1x1 PNG.
const PNG = Buffer.from('89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8CFC0F01F0005000201B5A0F0A70000000049454E44AE426082', 'hex');
// The start of a Windows executable.
const EXE = Buffer.concat([Buffer.from('4D5A90000300000004000000FFFF0000B800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000E1FBA0E00B409CD21B8014CCD21546869732070726F6772616D2063616E6E6F742062652072756E20696E20444F53206D6F64652E', 'hex'), Buffer.alloc(256)]);

async function send(m: TestMerchant | null, module: string, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request(`http://localhost/api/aws/s3/${module}/upload`, { method: 'POST', body: form, headers: { ...(m ? { authorization: `Bearer ${m.token}` } : {}), 'accept-language': 'en-US' } });
  const response = await upload.POST(request, { params: Promise.resolve({ module }) });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: number } };
}

async function fetchView(m: TestMerchant | null, module: string, id: number) {
  const request = new Request(`http://localhost/api/aws/s3/${module}/view?id=${id}`, { headers: m ? { authorization: `Bearer ${m.token}` } : {} });
  return view.GET(request, { params: Promise.resolve({ module }) });
}

beforeAll(async () => {
  process.env.UPLOAD_DIR = uploadDir;
  // Post images need the post-writing permission (posts.test.ts checks the refusal).
  owner = await createMerchant(t.db, { permissions: ['post:admin:manage'] });
  other = await createMerchant(t.db, { permissions: ['post:admin:manage'] });
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe(`uploads (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores a real PNG and answers its id; the owner views it', async () => {
    const res = await send(owner, 'campaign', PNG, 'logo.png', 'image/png');
    expect(res.status).toBe(200);
    expect(typeof res.body.data).toBe('number');
    const shown = await fetchView(owner, 'campaign', res.body.data);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores images as real encoders write them, and refuses a pixel flood or a cut header with the reason (found from outside)', async () => {
    const sample = (name: string) => fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/images', name));
    for (const name of ['baseline-300x200.jpg', 'progressive-64x48.jpg', 'exif-oriented-30x20.jpg', 'rgba-120x80.png', 'anim-40x30.gif', 'lossy-90x60.webp', 'lossless-77x33.webp', 'alpha-50x70.webp']) {
      expect((await send(owner, 'post', sample(name), name)).status, name).toBe(200);
    }
    // A few hundred bytes claiming 50,000 × 50,000 pixels: every visitor's browser would decode 10 GB.
    const flood = Buffer.from(sample('rgba-120x80.png'));
    flood.writeUInt32BE(50_000, 16);
    flood.writeUInt32BE(50_000, 20);
    const before = (await t.db.select().from(files)).length;
    const refused = await send(owner, 'post', flood, 'cover.png', 'image/png');
    expect([refused.status, refused.body.msg]).toEqual([413, 'This image is too large to show: 50000 × 50000 pixels. Use at most 16384 pixels on a side and 50 megapixels in all.']);
    const cut = await send(owner, 'post', sample('baseline-300x200.jpg').subarray(0, 40), 'photo.jpg', 'image/jpeg');
    expect([cut.status, cut.body.msg]).toEqual([415, 'This image could not be read: the file is damaged or incomplete. Save it again and upload the new file.']);
    expect((await t.db.select().from(files)).length).toBe(before);
  });

  it('accepts a PNG renamed .exe as a PNG (type from the bytes)', async () => {
    const res = await send(owner, 'post', PNG, 'setup.exe', 'application/x-msdownload');
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.body.data));
    expect(row).toMatchObject({ mime: 'image/png', name: 'setup.exe', module: 'post', merchantId: owner.merchantId });
    expect(row.key).toMatch(/^post\/\d+\/\d{4}\/\d\d\/[0-9a-f-]{36}\.png$/);
  });

  it('refuses an .exe renamed .png, naming the allowed types', async () => {
    const res = await send(owner, 'campaign', EXE, 'photo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.msg).toContain('png, jpeg, gif, webp');
  });

  it('refuses a 6 MB image, naming the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await send(owner, 'campaign', big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.msg).toContain('5 MB');
  });

  it('refuses videos where the module allows images only, without a file, signed out, for an unknown module', async () => {
    const mp4 = Buffer.concat([Buffer.from('000000186674797069736360000000069736F6D61766331', 'hex'), Buffer.alloc(64)]);
    expect((await send(owner, 'campaign', mp4, 'clip.mp4', 'video/mp4')).status).toBe(200);
    expect((await send(owner, 'member', mp4, 'clip.mp4', 'video/mp4')).status).toBe(415);
    expect((await send(null, 'campaign', PNG, 'a.png')).status).toBe(401);
    expect((await send(owner, 'secrets', PNG, 'a.png')).status).toBe(404);
    const empty = new Request('http://localhost/api/aws/s3/campaign/upload', { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${owner.token}` } });
    expect((await upload.POST(empty, { params: Promise.resolve({ module: 'campaign' }) })).status).toBe(400);
  });

  it('keeps path-traversal names harmless', async () => {
    const res = await send(owner, 'user', PNG, '../../../etc/passwd.png', 'image/png');
    const [row] = await t.db.select().from(files).where(eq(files.id, res.body.data));
    expect(row.name).toBe('passwd.png');
    expect(path.resolve(uploadDir, row.key).startsWith(uploadDir)).toBe(true);
  });

  it("answers 404 for another merchant's file, signed out, or under another module; files public by id (before signed addresses) are open", async () => {
    const id = (await send(owner, 'post', PNG, 'a.png', 'image/png')).body.data;
    expect((await fetchView(other, 'post', id)).status).toBe(404);
    expect((await fetchView(null, 'post', id)).status).toBe(404);
    expect((await fetchView(owner, 'campaign', id)).status).toBe(404);
    expect(await isPublicFile(t.db, id)).toBe(false);
    await t.db.update(files).set({ public: true }).where(eq(files.id, id));
    expect(await isPublicFile(t.db, id)).toBe(true);
    expect((await fetchView(null, 'post', id)).status).toBe(200);
    expect((await fetchView(other, 'post', id)).status).toBe(200);
  });

  it('downloads by key for the owner only', async () => {
    const id = (await send(owner, 'campaign', PNG, 'x.png', 'image/png')).body.data;
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    const ok = await download.GET(new Request(`http://localhost/api/aws/s3/download?key=${encodeURIComponent(row.key)}&bucketName=local`, { headers: { authorization: `Bearer ${owner.token}` } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain('attachment');
    const denied = await download.GET(new Request(`http://localhost/api/aws/s3/download?key=${encodeURIComponent(row.key)}`, { headers: { authorization: `Bearer ${other.token}` } }));
    expect(denied.status).toBe(404);
    const wrongBucket = await download.GET(new Request(`http://localhost/api/aws/s3/download?key=${encodeURIComponent(row.key)}&bucketName=other`, { headers: { authorization: `Bearer ${owner.token}` } }));
    expect(wrongBucket.status).toBe(404);
  });

  it('a saved template does not make the images it embeds public (a send does: content-files.test.ts)', async () => {
    const id = (await send(owner, 'campaign', PNG, 'banner.png', 'image/png')).body.data;
    expect((await fetchView(null, 'campaign', id)).status).toBe(404);
    const res = await callApi(list.POST, { method: 'POST', path: '/campaign/template', token: owner.token, body: { type: 0, subject: 'Hi', content: `<p>Hi</p><img src="/api/aws/s3/campaign/view?id=${id}">` } });
    expect(res.status).toBe(200);
    expect((await fetchView(null, 'campaign', id)).status).toBe(404);
    expect(await isPublicFile(t.db, id)).toBe(false);
  });
});

describe('AI draft', () => {
  it('asks an OpenAI-compatible endpoint over HTTP when configured', async () => {
    const seen: { auth?: string; body?: { model: string; messages: { role: string; content: string }[] }; path?: string } = {};
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.auth = req.headers.authorization;
        seen.path = req.url;
        seen.body = JSON.parse(raw);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '```json\n{"subject":"谢谢 {{first_name}}","paragraphs":["{{fullName}}，您好！","请评价：{{googleReviewLink}} {{coupon}}"]}\n```' } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const draft = await draftTemplate({ category: 'Reviews', type: 0, locale: 'zh-CN', merchantName: '晨光咖啡' }, { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k-123', model: 'test-model' });
      expect(seen.path).toBe('/v1/chat/completions');
      expect(seen.auth).toBe('Bearer k-123');
      expect(seen.body?.model).toBe('test-model');
      expect(seen.body?.messages[1].content).toContain('Simplified Chinese');
      expect(draft.source).toBe('model');
      expect(draft.subject).toBe('谢谢 {{firstName}}');
      expect(draft.content).toContain('{{fullName}}，您好！');
      expect(draft.content).not.toContain('coupon');
    } finally {
      server.close();
    }
  });

  it('falls back to the phrase library when the model fails or nothing is configured', async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const draft = await draftTemplate({ category: 'Surveys', type: 1, locale: 'en-US' }, { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', model: 'm' });
      expect(draft.source).toBe('library');
      expect(draft.content).toContain('{{firstName}}');
    } finally {
      server.close();
    }
    const offline = await draftTemplate({ category: 'Reviews', type: 0, locale: 'zh-HK' }, null);
    expect(offline).toMatchObject({ source: 'library' });
    expect(offline.subject).toBeTruthy();
    expect(offline.content).toContain('href="{{googleReviewLink}}"');
  });
});
