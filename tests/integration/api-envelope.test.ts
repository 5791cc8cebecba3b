import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { AppError } from '@/lib/errors/app-error';
import { signAccessToken } from '@/lib/auth/tokens';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { apiEndpoints, endpointOf } from '@/tests/fixtures/inventory';
import * as catchAll from '@/app/api/[[...path]]/route';

// Importing every route module loads Auth.js, whose entry needs Next's runtime; these calls carry
// bearer tokens (or none), so the browser session is simply absent.
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

const echo = route({ auth: 'user', body: z.object({ name: z.string().min(1, 'validation.required').max(5) }) }, async (ctx, { body }) => ({ merchantId: ctx.merchantId, name: body.name }));
const guarded = route({ auth: 'user', permission: 'post:admin:manage' }, async () => ({ ok: true }));
const refusing = route({ auth: 'public' }, async () => {
  throw new AppError('EMAIL_EXISTS');
});
const crashing = route({ auth: 'public' }, async () => {
  throw new Error('secret internals at /srv/app.ts:12');
});

describe('the /api envelope', () => {
  it('answers {code, msg, data} with respCode/respMsg mirrors and a request id', async () => {
    const m = await createMerchant(t.db);
    const res = await callApi(echo, { method: 'POST', path: '/echo', token: m.token, body: { name: 'Ann' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, respCode: 200, data: { merchantId: m.merchantId, name: 'Ann' } });
    expect(res.body.msg).toBe(res.body.respMsg);
    expect(res.body.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
  });

  it('serves a route without dynamic segments, which Next calls with params resolving to undefined', async () => {
    const m = await createMerchant(t.db);
    const request = new Request('http://localhost/api/echo', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann' }) });
    const response = await echo(request, { params: Promise.resolve(undefined as unknown as Record<string, string>) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 200, data: { merchantId: m.merchantId, name: 'Ann' } });
  });

  it('answers 401 without a token, with a garbage token, and with an expired one', async () => {
    const m = await createMerchant(t.db);
    expect((await callApi(echo, { method: 'POST', path: '/echo', body: { name: 'x' } })).status).toBe(401);
    expect((await callApi(echo, { method: 'POST', path: '/echo', token: 'not.a.jwt', body: { name: 'x' } })).status).toBe(401);
    const old = await signAccessToken(m.userId, m.merchantId, new Date(Date.now() - 60 * 60 * 1000));
    const res = await callApi(echo, { method: 'POST', path: '/echo', token: old.token, body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('answers 400 with translated field errors for a bad body, in the caller language', async () => {
    const m = await createMerchant(t.db);
    const en = await callApi(echo, { method: 'POST', path: '/echo', token: m.token, body: { name: '' } });
    expect(en.status).toBe(400);
    expect(en.body.data).toEqual({ fieldErrors: { name: 'This field is required' } });
    const zh = await callApi(echo, { method: 'POST', path: '/echo', token: m.token, body: { name: 'toolongname' }, locale: 'zh-CN' });
    expect((zh.body.data as { fieldErrors: Record<string, string> }).fieldErrors.name).toBe('最多 5 个字符');
    const hk = await callApi(echo, { method: 'POST', path: '/echo', token: m.token, body: { name: 42 }, locale: 'zh-TW' });
    expect((hk.body.data as { fieldErrors: Record<string, string> }).fieldErrors.name).toBe('格式不正確');
  });

  it('answers 400 for malformed JSON, never a 500', async () => {
    const m = await createMerchant(t.db);
    const res = await callApi(echo, { method: 'POST', path: '/echo', token: m.token, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The request body is not valid JSON');
  });

  it('answers 403 without the permission a route needs', async () => {
    const m = await createMerchant(t.db);
    expect((await callApi(guarded, { path: '/guarded', token: m.token })).status).toBe(403);
    const admin = await createMerchant(t.db, { permissions: ['post:admin:manage'] });
    expect((await callApi(guarded, { path: '/guarded', token: admin.token })).status).toBe(200);
  });

  it('maps AppError codes to the catalogue status (488 email exists)', async () => {
    const res = await callApi(refusing, { method: 'POST', path: '/x', locale: 'en-US' });
    expect(res.status).toBe(488);
    expect(res.body).toMatchObject({ code: 488, msg: 'This email has been registered' });
  });

  it('answers an unknown error as a generic 500 without internals, logged with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await callApi(crashing, { path: '/x' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
    expect(log.mock.calls[0][0]).toContain(res.body.requestId);
    log.mockRestore();
  });

  it('stops accepting the tokens of a deleted user at once', async () => {
    const m = await createMerchant(t.db);
    const { users } = await import('@/db/schema/users');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(users).where(eq(users.id, m.userId));
    expect((await callApi(echo, { method: 'POST', path: '/echo', token: m.token, body: { name: 'x' } })).status).toBe(401);
  });
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('unknown /api paths and unsupported methods', () => {
  it('answers an unknown path with the 404 envelope in the caller language, never the HTML page', async () => {
    const get = await callApi(catchAll.GET, { path: '/nope', params: { path: ['nope'] } });
    expect(get.status).toBe(404);
    expect(get.headers.get('content-type')).toContain('application/json');
    expect(get.body).toMatchObject({ code: 404, respCode: 404, msg: 'The resource does not exist', respMsg: 'The resource does not exist', data: null });
    expect(get.body.requestId).toMatch(/^[0-9a-f]{16}$/);
    const post = await callApi(catchAll.POST, { method: 'POST', path: '/nope/deeper', params: { path: ['nope', 'deeper'] }, body: { x: 1 }, locale: 'zh-CN' });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: 404, msg: '请求的资源不存在' });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await callApi(catchAll[method], { method, path: '/nope' })).status).toBe(404);
    }
  });

  it('answers a sample of routes called with a method they do not serve with the 405 envelope and Allow', async () => {
    const endpoints = await apiEndpoints();
    const sample: [string, string][] = [
      ['DELETE /user/login', 'POST'],
      ['GET /user/refresh', 'POST'],
      ['POST /member/[id]', 'GET, PUT, DELETE'],
      ['PATCH /campaign', 'GET, POST, PUT'],
      ['PUT /t/c/[id]', 'GET'],
    ];
    for (const [key, allow] of sample) {
      const endpoint = endpointOf(endpoints, key);
      expect(endpoint.notAllowed, key).toBe(true);
      const res = await callApi(endpoint.handler, { method: endpoint.method, path: endpoint.path, locale: 'zh-HK' });
      expect(res.status, key).toBe(405);
      expect(res.body).toMatchObject({ code: 405, respCode: 405, data: null });
      expect(res.body.msg).toBe(res.body.respMsg);
      expect(res.headers.get('allow'), key).toBe(allow);
    }
  });

  it('every route file answers every method it does not serve with the 405 envelope (found on the file system)', async () => {
    const endpoints = await apiEndpoints();
    const files = [...new Set(endpoints.map((e) => e.file))];
    expect(files.length).toBeGreaterThan(90);
    const failures: string[] = [];
    for (const file of files) {
      // Auth.js owns its route (its handlers serve GET and POST and answer the rest themselves).
      if (file.includes('[...nextauth]')) continue;
      const mine = endpoints.filter((e) => e.file === file);
      const served = mine.filter((e) => !e.notAllowed).map((e) => e.method);
      const exported = mine.map((e) => e.method);
      const absent = METHODS.filter((m) => !exported.includes(m));
      if (absent.length) failures.push(`${file}: no handler for ${absent.join(', ')}`);
      for (const e of mine.filter((x) => x.notAllowed)) {
        const res = await callApi(e.handler, { method: e.method, path: e.path, locale: 'en-US' });
        if (res.status !== 405 || res.body.code !== 405 || res.body.msg !== 'Wrong request method') failures.push(`${e.key}: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.headers.get('allow') !== METHODS.filter((m) => served.includes(m)).join(', ')) failures.push(`${e.key}: Allow ${res.headers.get('allow')}, serves ${served.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
