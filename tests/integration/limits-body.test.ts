import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { BODY_LIMITS, MULTIPART_OVERHEAD } from '@/lib/http/read-body';
import { MAX_FILE_BYTES } from '@/lib/spreadsheet/limits';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { PUT as profileRoute } from '@/app/api/merchant/profile/route';
import { POST as importRoute } from '@/app/api/member/import/route';
import { POST as reviewsImport } from '@/app/api/reviews/import/route';
import { POST as consentRoute } from '@/app/api/member/public/[token]/consent/route';
import { POST as twilioInbound } from '@/app/api/webhooks/twilio/inbound/route';
import { POST as twilioStatus } from '@/app/api/webhooks/twilio/status/route';

const t = setupTestDatabase();
const TEN_MB = 10 * 1024 * 1024;
const CHUNK = 64 * 1024;
let m: TestMerchant;

beforeAll(async () => {
  m = await createMerchant(t.db);
});

/** A 10 MB body made as it is read (chunked: no Content-Length), counting what the route pulled. */
function chunkedBody(total = TEN_MB) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function memory(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

async function send(handler: Handler, path: string, limit: number, options: { token?: string; contentType: string; params?: Record<string, string> }) {
  const body = chunkedBody();
  const headers: Record<string, string> = { 'content-type': options.contentType, 'accept-language': 'en-US' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request(`http://localhost/api${path}`, { method: path === '/merchant/profile' ? 'PUT' : 'POST', headers, body: body.stream, duplex: 'half' } as RequestInit);
  expect(request.headers.get('content-length')).toBeNull();
  const before = memory();
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const grew = memory() - before;
  const envelope = await response.json();
  expect(response.status).toBe(413);
  expect(envelope).toMatchObject({ code: 413, respCode: 413 });
  expect(typeof envelope.msg).toBe('string');
  // Reading stopped at the limit and the stream was cancelled: the other ~10 MB were never made.
  expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
  expect(body.cancelled()).toBe(true);
  // The process's memory did not take the body in (a whole 10 MB body would add at least 10 MB).
  expect(grew).toBeLessThan(limit + 4 * 1024 * 1024);
}

describe(`bounded bodies: a 10 MB chunked body answers 413 without being read (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('public JSON route (64 KB)', async () => {
    await send(loginRoute, '/user/login', BODY_LIMITS.publicJson, { contentType: 'application/json' });
  });

  it('public form route: the consent page (64 KB)', async () => {
    await send(consentRoute, '/member/public/x/consent', BODY_LIMITS.publicJson, { contentType: 'application/x-www-form-urlencoded', params: { token: 'x' } });
  });

  it('signed-in JSON route (1 MB)', async () => {
    await send(profileRoute, '/merchant/profile', BODY_LIMITS.userJson, { token: m.token, contentType: 'application/json' });
  });

  it('contact and review imports (2 MB and the multipart envelope)', async () => {
    await send(importRoute, '/member/import', MAX_FILE_BYTES + MULTIPART_OVERHEAD, { token: m.token, contentType: 'multipart/form-data; boundary=x' });
    await send(reviewsImport, '/reviews/import', MAX_FILE_BYTES + MULTIPART_OVERHEAD, { token: m.token, contentType: 'multipart/form-data; boundary=x' });
  });

  it('Twilio webhooks, before their signature is checked (64 KB)', async () => {
    await send(twilioInbound, '/webhooks/twilio/inbound', BODY_LIMITS.webhook, { contentType: 'application/x-www-form-urlencoded' });
    await send(twilioStatus, '/webhooks/twilio/status', BODY_LIMITS.webhook, { contentType: 'application/x-www-form-urlencoded' });
  });

  it('a body under the limit is still read whole (chunked JSON)', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ email: 'nobody@limits.example', password: 'x'.repeat(20) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json.subarray(0, 10));
        controller.enqueue(json.subarray(10));
        controller.close();
      },
    });
    const request = new Request('http://localhost/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en-US' }, body: stream, duplex: 'half' } as RequestInit);
    const response = await loginRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(455);
  });
});

// Auth.js itself does not load under vitest (its ESM imports 'next/server' without an extension):
// a stand-in records what the wrapper hands it.
const authSeen = vi.hoisted(() => ({ bodies: [] as string[] }));
vi.mock('@/lib/auth/auth', () => ({
  handlers: {
    GET: async () => new Response('get'),
    POST: async (request: Request) => {
      authSeen.bodies.push(await request.text());
      return new Response('auth.js', { status: 302 });
    },
  },
}));

describe('the Auth.js route reads its POST body through the counter too', () => {
  it('413 for a 10 MB chunked body; a small form reaches Auth.js whole', async () => {
    const { NextRequest } = await import('next/server');
    const { POST: authPost } = await import('@/app/api/auth/[...nextauth]/route');
    const big = chunkedBody();
    const response = await authPost(new NextRequest('http://localhost/api/auth/signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: big.stream, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1]));
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe(413);
    expect(big.pulled()).toBeLessThanOrEqual(BODY_LIMITS.publicJson + 2 * CHUNK);
    expect(authSeen.bodies).toEqual([]);
    const small = await authPost(new NextRequest('http://localhost/api/auth/signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'csrfToken=x&callbackUrl=%2F' }));
    expect(small.status).toBe(302);
    expect(authSeen.bodies).toEqual(['csrfToken=x&callbackUrl=%2F']);
  });
});
