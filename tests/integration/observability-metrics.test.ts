import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { GET as metricsGet, POST as metricsPost } from '@/app/api/metrics/route';
import { GET as listCampaigns } from '@/app/api/campaign/route';
import { GET as getTemplate } from '@/app/api/campaign/template/[id]/route';
import { route } from '@/lib/api/route';
import { outboxEmailTransport, outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { logger } from '@/lib/observability/logger';
import { startDispatchLoop } from '@/lib/sending/loop';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/** Issue 20, point 4: the Prometheus scrape (its token rules and its figures) and the request log. */
const t = setupTestDatabase();
const TOKEN = 'metrics-token-0123456789abcdef-0123456789';

const transports: SendingTransports = {
  email: outboxEmailTransport,
  sms: outboxSmsTransport,
  emailLimiter: createRateLimiter(0),
  smsLimiter: createRateLimiter(0),
  from: (name) => `"${name}" <campaigns@starloop.test>`,
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function scrape(authorization?: string): Promise<Response> {
  return metricsGet(new Request('http://localhost/api/metrics', { headers: authorization ? { authorization } : {} }));
}

/** The value of one sample line, `name{labels} value`, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /api/metrics', () => {
  it('does not exist without a token of 32+ characters, refuses a missing or wrong token, answers the text format with the right one', async () => {
    vi.stubEnv('METRICS_TOKEN', '');
    const unset = await scrape(`Bearer ${TOKEN}`);
    expect(unset.status).toBe(404);
    expect((await unset.json()).code).toBe(404);
    vi.stubEnv('METRICS_TOKEN', 'short-token');
    expect((await scrape('Bearer short-token')).status).toBe(404);

    vi.stubEnv('METRICS_TOKEN', TOKEN);
    const missing = await scrape();
    expect(missing.status).toBe(401);
    expect((await missing.json()).code).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await ok.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await metricsPost(new Request('http://localhost/api/metrics', { method: 'POST' }))).status).toBe(405);
  });

  it('reports the request histogram by route pattern, delivery outcomes, dispatcher rounds and the oldest queued age', async () => {
    vi.stubEnv('METRICS_TOKEN', TOKEN);
    const m = await createMerchant(t.db);
    for (let i = 0; i < 3; i++) expect((await callApi(listCampaigns, { path: '/campaign', token: m.token })).status).toBe(200);
    expect((await callApi(getTemplate, { path: '/campaign/template/999999999', params: { id: '999999999' }, token: m.token })).status).toBe(404);
    expect((await callApi(listCampaigns, { path: '/campaign' })).status).toBe(401);

    const scene = await createSendingScene(t.db, { merchant: m, count: 3 });
    await t.db.execute(sql`update deliveries set next_attempt_at = now() - interval '2 minutes' where campaign_id = ${scene.campaignId}`);
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(before, 'sending_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(119);

    const sentBefore = sample(before, 'deliveries_total', { channel: 'email', status: 'sent' }) ?? 0;
    const roundsBefore = sample(before, 'dispatcher_round_seconds_count') ?? 0;
    let busyRound!: () => void;
    const busy = new Promise<void>((resolve) => (busyRound = resolve));
    const loop = startDispatchLoop(t.db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test', intervalMs: 60_000, onRound: (r) => r.sent > 0 && busyRound() });
    await busy;
    await loop.stop();
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 3 });

    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/campaign', status: '200' })).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/campaign', status: '401' })).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/campaign/template/[id]', status: '404' })).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/campaign', status: '200', le: '+Inf' })).toBe(3);
    expect(after).not.toContain('route="/api/campaign/template/999999999"');
    expect(sample(after, 'deliveries_total', { channel: 'email', status: 'sent' })).toBe(sentBefore + 3);
    expect(sample(after, 'dispatcher_round_seconds_count')).toBeGreaterThan(roundsBefore);
    expect(sample(after, 'sending_oldest_queued_age_seconds')).toBe(0);
  });
});

describe('the request log', () => {
  it('has one line per request with ids, pattern, status and duration; never the token, cookie, e-mail or phone', async () => {
    const m = await createMerchant(t.db);
    const email = 'jane.doe@example.com';
    const phone = '+14155550123';
    const failing = route({ auth: 'user' }, async () => {
      throw new Error(`SMTP refused ${email} (sms ${phone})`);
    });
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    vi.spyOn(console, 'error').mockImplementation((line) => void lines.push(String(line)));
    const level = logger.level;
    logger.level = 'info';
    try {
      const headers = { cookie: 'authjs.session-token=cookie-secret-value', 'x-phone': phone };
      const ok = await callApi(listCampaigns, { path: `/campaign?keyword=${encodeURIComponent(email)}`, token: m.token, headers });
      const crashed = await callApi(failing, { method: 'POST', path: '/crash', token: m.token, headers, body: { email, phone, password: 'Hunter-22-secret' } });
      expect(crashed.status).toBe(500);
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.event === 'http.request');
      expect(records.map((r) => [r.requestId, r.merchantId, r.userId, r.route, r.method, r.status, r.level])).toEqual([
        [ok.body.requestId, m.merchantId, m.userId, '/api/campaign', 'GET', 200, 'info'],
        [crashed.body.requestId, m.merchantId, m.userId, '/api/crash', 'POST', 500, 'error'],
      ]);
      expect(typeof records[0].durationMs).toBe('number');
      expect((records[1].err as { name: string }).name).toBe('Error');
      const all = lines.join('\n');
      for (const secret of [m.token, 'cookie-secret-value', email, phone, 'Hunter-22-secret']) expect(all).not.toContain(secret);
    } finally {
      logger.level = level;
    }
  });
});
