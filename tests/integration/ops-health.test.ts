import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { installProcessDatabase, openPglite, type Db } from '@/db/client';
import { checkReadiness } from '@/lib/ops/readiness';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import * as health from '@/app/api/health/route';
import * as ready from '@/app/api/ready/route';

/**
 * Issue 20, item 2: GET /api/health (the process answers, no database) and GET /api/ready
 * (database reachable, migrations current, configuration sound) for load balancers: public,
 * names of failed checks only.
 */
const t = setupTestDatabase();

const get = async (handler: (request: Request) => Promise<Response>, path: string) => {
  const response = await handler(new Request(`http://localhost/api${path}`, { headers: { 'accept-language': 'en-US' } }));
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as { code: number; msg: string; data: unknown } };
};

/** A port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function postgresAt(port: number): Promise<{ db: Db; end: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1, connect_timeout: 5, onnotice: () => {} });
  return { db: drizzle(client) as unknown as Db, end: () => client.end({ timeout: 0 }) };
}

describe('GET /api/health', () => {
  it('answers 200 with the envelope, uncached', async () => {
    const answer = await get(health.GET, '/health');
    expect(answer).toEqual({ status: 200, cache: 'no-store', body: expect.objectContaining({ code: 200, msg: 'Done', data: { status: 'ok' } }) });
  });
});

describe('GET /api/ready', () => {
  it('answers 200 on a migrated database', async () => {
    expect(await checkReadiness(t.db)).toEqual({ ready: true, failed: [] });
    const answer = await get(ready.GET, '/ready');
    expect(answer).toEqual({ status: 200, cache: 'no-store', body: expect.objectContaining({ code: 200, data: { status: 'ready', failed: [] } }) });
  });

  it('answers 503 naming `migrations` when a bundled migration is not applied', async () => {
    const [last] = await t.db.execute<{ id: number; hash: string; created_at: string }>(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      expect(await checkReadiness(t.db)).toEqual({ ready: false, failed: ['migrations'] });
      const answer = await get(ready.GET, '/ready');
      expect(answer).toEqual({ status: 503, cache: 'no-store', body: expect.objectContaining({ code: 503, data: { status: 'not_ready', failed: ['migrations'] } }) });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect(await checkReadiness(t.db)).toEqual({ ready: true, failed: [] });
  });

  it('answers 503 naming `database` when the database is unreachable (a closed port, a closed embedded database)', async () => {
    const refused = await postgresAt(await closedPort());
    const closed = await openPglite(null);
    await closed.close();
    try {
      expect(await checkReadiness(refused.db)).toEqual({ ready: false, failed: ['database'] });
      expect(await checkReadiness(closed.db)).toEqual({ ready: false, failed: ['database'] });
      installProcessDatabase({ db: refused.db, driver: 'postgres', close: refused.end });
      const answer = await get(ready.GET, '/ready');
      expect(answer).toEqual({ status: 503, cache: 'no-store', body: expect.objectContaining({ code: 503, data: { status: 'not_ready', failed: ['database'] } }) });
    } finally {
      installProcessDatabase({ db: t.db, driver: t.driver, close: async () => {} });
      await refused.end();
    }
  });

  it('gives up on a database that accepts but never answers within the timeout', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = await postgresAt((silent.address() as net.AddressInfo).port);
    try {
      const started = performance.now();
      expect(await checkReadiness(hung.db, { timeoutMs: 300 })).toEqual({ ready: false, failed: ['database'] });
      // A backstop only (ten times the timeout, for a busy machine): the answer itself says it gave up.
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await hung.end();
      silent.close();
    }
  });

  it('names `transports` when the production configuration has no mail transport', async () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), APP_URL: 'https://app.example.com', DATABASE_URL: 'postgres://db/app' };
    expect(await checkReadiness(t.db, { env })).toEqual({ ready: false, failed: ['transports'] });
    expect(await checkReadiness(t.db, { env: { ...env, MAIL_TRANSPORT: 'outbox' } })).toEqual({ ready: true, failed: [] });
  });
});
