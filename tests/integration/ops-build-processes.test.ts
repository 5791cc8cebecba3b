import fs from 'node:fs';
import net from 'node:net';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { checkReadiness } from '@/lib/ops/readiness';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { withDatabase } from '@/tests/fixtures/global-setup';
import { freePort } from '@/tests/fixtures/fleet';
import { buildDistDir, compiled, compiledExists, killLeftover, productionEnv, runNode, standaloneReady, type RunningProcess } from '@/tests/fixtures/built-app';

/**
 * Issue 20, item 1: one build, three kinds of process. `npm run build` leaves the compiled worker
 * and migrations in dist/ (scripts/build-worker.mjs) and a self-contained server in
 * <distDir>/standalone (scripts/build-standalone.mjs). They run on plain Node, no tsx: each test
 * here needs the build and is skipped without it. Worker processes need PostgreSQL.
 */
const t = setupTestDatabase();
const pg = Boolean(process.env.DATABASE_URL);
const extraDatabases: string[] = [];

afterAll(async () => {
  if (!extraDatabases.length || !process.env.DATABASE_URL) return;
  const { default: postgres } = await import('postgres');
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  for (const name of extraDatabases) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

/** An empty database beside this file's, dropped afterwards. */
async function emptyDatabase(suffix: string): Promise<string> {
  const { default: postgres } = await import('postgres');
  const url = t.url ?? '';
  const name = `${new URL(url).pathname.slice(1)}_${suffix}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  extraDatabases.push(name);
  return withDatabase(url, name);
}

describe.runIf(compiledExists('worker') && compiledExists('migrate'))('the compiled bundles', () => {
  it('import nothing but Node built-ins and the two packages kept external (PGlite, argon2)', () => {
    const allowed = new Set(['@electric-sql/pglite', '@node-rs/argon2']);
    for (const name of ['worker', 'migrate', 'seed'] as const) {
      const code = fs.readFileSync(compiled(name), 'utf8');
      // esbuild writes each import of a module left outside the bundle as a statement of its own line.
      const imported = new Set([...code.matchAll(/^import\s[^;\n]*?\bfrom\s*"([^"]+)";?$|\bimport\(\s*"([^"]+)"\s*\)/gm)].map((m) => m[1] ?? m[2]));
      const packageOf = (id: string) => id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/');
      const foreign = [...imported].filter((id) => !id.startsWith('node:') && !builtinModules.includes(id) && !allowed.has(packageOf(id)));
      expect(foreign, `${name}.mjs imports`).toEqual([]);
      expect(code).not.toMatch(/from\s*["']tsx/);
    }
  });
});

describe.runIf(pg && compiledExists('worker') && compiledExists('migrate'))('dist/migrate.mjs and dist/worker.mjs on plain Node', () => {
  let worker: RunningProcess | undefined;
  afterAll(() => killLeftover(worker));

  it('migrate.mjs migrates a fresh database to ready, and a second run changes nothing', async () => {
    const url = await emptyDatabase('migrate');
    const first = runNode([compiled('migrate')], productionEnv(url));
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('migrations applied (postgres)');
    const handle = await openDatabase({ url });
    try {
      const count = async () => (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0].n;
      const applied = await count();
      expect(applied).toBeGreaterThan(0);
      expect(await checkReadiness(handle.db, { env: productionEnv(url) })).toEqual({ ready: true, failed: [] });
      const second = runNode([compiled('migrate')], productionEnv(url));
      expect(await second.exited).toEqual({ code: 0, signal: null });
      expect(await count()).toBe(applied);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('worker.mjs starts in production on a fresh database, claims nothing, and stops on SIGTERM with 0', async () => {
    worker = runNode([compiled('worker')], { ...productionEnv(t.url ?? ''), DISPATCH_INTERVAL_MS: '100' });
    await worker.waitFor('[worker] dispatching');
    await worker.waitFor('[worker] listening for wake-ups');
    // A few empty rounds: a round that claimed anything would print its counts.
    await new Promise((resolve) => setTimeout(resolve, 600));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('[worker] stopped');
    expect(worker.output()).not.toContain('"claimed"');
  }, 60_000);

  it('worker.mjs refuses an unsafe production configuration with 78, as the TypeScript worker does', async () => {
    const refused = runNode([compiled('worker')], { ...productionEnv(t.url ?? ''), AUTH_SECRET: 'short' });
    expect(await refused.exited).toEqual({ code: 78, signal: null });
  }, 30_000);
});

describe.runIf(standaloneReady())('the standalone server prepared by npm run build', () => {
  it('has what it reads from its working directory beside server.js', () => {
    const standalone = path.join(buildDistDir(), 'standalone');
    for (const file of ['server.js', 'db/migrations/meta/_journal.json', 'lib/auth/common-passwords.txt', path.join(buildDistDir(), 'static'), path.join(buildDistDir(), 'BUILD_ID'), 'node_modules/next']) {
      expect(fs.existsSync(path.join(standalone, file)), file).toBe(true);
    }
    expect(fs.readdirSync(path.join(standalone, 'db/migrations')).sort()).toEqual(fs.readdirSync('db/migrations').sort());
    // No local data travels with a build (the tracer copies `.data/auth-secret` when it exists).
    expect(fs.existsSync(path.join(standalone, '.data'))).toBe(false);
  });
});

/**
 * Found from outside: a web server started while PostgreSQL was down answered a plain-text 500 on
 * every route for the rest of its life (Next keeps a failed instrumentation hook). The database
 * here is a port with nothing behind it at first, then a TCP relay to the real server.
 */
describe.runIf(pg && standaloneReady())('the standalone server started before its database', () => {
  let web: RunningProcess | undefined;
  let relay: net.Server | undefined;
  afterAll(() => {
    killLeftover(web);
    relay?.close();
  });

  it('answers health, and 503 envelopes meanwhile, then is ready once the database comes', async () => {
    const relayPort = await freePort();
    const port = await freePort();
    web = runNode(['scripts/serve.mjs', '-H', '127.0.0.1', '-p', String(port)], { ...productionEnv(urlThrough(relayPort), `http://127.0.0.1:${port}`), WEB_SERVER: 'standalone', DISPATCHER: 'off' });
    const base = `http://127.0.0.1:${port}`;
    const statusOf = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init).then((r) => r.status, () => 0);
    const until = (deadline: number) => Date.now() < deadline;
    let health = 0;
    for (const deadline = Date.now() + 60_000; until(deadline) && health !== 200; ) {
      health = await statusOf('/api/health');
      if (health !== 200) await sleep(250);
    }
    expect(health).toBe(200);
    expect(await statusOf('/api/ready')).toBe(503);
    const signedIn = await fetch(`${base}/api/merchant/location/page`, { headers: { authorization: 'Bearer not-checked-before-the-database' } });
    expect(signedIn.status === 503 || signedIn.status === 401).toBe(true);
    expect(((await signedIn.json()) as { code: number }).code).toBe(signedIn.status);

    relay = await relayToDatabase(relayPort);
    let ready = 0;
    for (const deadline = Date.now() + 60_000; until(deadline) && ready !== 200; ) {
      ready = await statusOf('/api/ready');
      if (ready !== 200) await sleep(250);
    }
    expect(ready).toBe(200);
    web.child.kill('SIGTERM');
    expect((await web.exited).code).toBe(143);
  }, 150_000);
});

/** A TCP relay to the test's PostgreSQL on `port`: the database "comes up" when it listens. */
async function relayToDatabase(port: number): Promise<net.Server> {
  const real = new URL(t.url ?? '');
  const relay = net.createServer((client) => {
    const server = net.connect(Number(real.port || 5432), real.hostname);
    client.pipe(server).pipe(client);
    server.on('error', () => client.destroy());
    client.on('error', () => server.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  return relay;
}

/** The test's database URL pointed at a port with nothing behind it (yet). */
function urlThrough(port: number): string {
  const target = new URL(t.url ?? '');
  target.host = `127.0.0.1:${port}`;
  return target.toString();
}

/** Found from outside: a worker started while PostgreSQL was down exited 1 at once. */
describe.runIf(pg && compiledExists('worker'))('dist/worker.mjs started before its database', () => {
  let worker: RunningProcess | undefined;
  let relay: net.Server | undefined;
  afterAll(() => {
    killLeftover(worker);
    relay?.close();
  });

  it('waits for the database, then dispatches; a stop while waiting exits 0', async () => {
    const relayPort = await freePort();
    const waiting = runNode([compiled('worker')], productionEnv(urlThrough(relayPort)));
    await waiting.waitFor('[worker] database not ready, trying again in 5 s');
    waiting.child.kill('SIGTERM');
    expect(await waiting.exited).toEqual({ code: 0, signal: null });

    worker = runNode([compiled('worker')], { ...productionEnv(urlThrough(relayPort)), DISPATCH_INTERVAL_MS: '100' });
    await worker.waitFor('[worker] database not ready');
    relay = await relayToDatabase(relayPort);
    await worker.waitFor('[worker] dispatching');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('[worker] stopped');
  }, 60_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
