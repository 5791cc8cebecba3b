import { afterAll, describe, expect, it } from 'vitest';
import { installProcessDatabase, openDatabase, type DbHandle } from '@/db/client';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startTcpProxy, type TcpProxy } from '@/tests/fixtures/tcp-proxy';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';

/**
 * With the network to PostgreSQL black-holed, a request waited 75 s. It answers 503 with the
 * catalogue's message within seconds (db/reachable.ts); the bound below is a generous backstop
 * (the wait is about 3 s and the probe 1.5 s at most), not a speed test.
 */
const t = setupTestDatabase();
let proxy: TcpProxy | undefined;
let proxied: DbHandle | undefined;

afterAll(async () => {
  // Back to this file's own database before the proxied pool goes.
  if (t.url) installProcessDatabase(await openDatabase({ url: t.url }));
  await proxied?.close().catch(() => {});
  await proxy?.close();
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL out of reach', () => {
  it('answers 503 with the catalogue message within seconds, not when TCP gives up', async () => {
    const owner = await createMerchant(t.db);
    const url = new URL(t.url ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) || 5432 });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = await openDatabase({ url: url.toString() });
    expect(proxied.url).toContain(`:${proxy.port}/`);
    installProcessDatabase(proxied);
    expect((await callApi(list.GET, { path: '/member', token: owner.token })).status).toBe(200);

    await proxy.blackhole();
    const started = Date.now();
    const answer = await callApi(list.GET, { path: '/member', token: owner.token });
    expect(answer.status).toBe(503);
    expect(answer.body.msg).toBe('Service not available');
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);
});
