import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { checkReadiness } from '@/lib/ops/readiness';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { withDatabase } from '@/tests/fixtures/global-setup';
import { createSendingScene } from '@/tests/fixtures/sending';
import { compiled, compiledExists, killLeftover, productionEnv, runNode, standaloneReady, type RunningProcess } from '@/tests/fixtures/built-app';

/**
 * Issue 20, item 7: a backup restored into a new database and the app starting on it. The data of
 * a sending scene is dumped with scripts/backup.sh (pg_dump -Fc) and restored with
 * scripts/restore.sh into a database the script creates; the migrations then have nothing to do,
 * the restored database is ready (lib/ops/readiness.ts, as GET /api/ready) with the same rows, and
 * restoring over it again is refused. Where the build exists, the compiled migrations, the worker
 * and the standalone server (GET /api/ready) start on it too. PostgreSQL only.
 */
const t = setupTestDatabase();
const run = promisify(execFile);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'starloop-backup-'));
let restoredName: string | undefined;
let worker: RunningProcess | undefined;
let web: RunningProcess | undefined;

afterAll(async () => {
  killLeftover(worker);
  killLeftover(web);
  fs.rmSync(folder, { recursive: true, force: true });
  if (!restoredName || !process.env.DATABASE_URL) return;
  const { default: postgres } = await import('postgres');
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
  await admin.end();
});

/** Rows per table that carries tenant data here, and the applied migrations. */
async function fingerprint(url: string): Promise<Record<string, number>> {
  const handle = await openDatabase({ url });
  try {
    const rows = await handle.db.execute<{ name: string; n: number }>(
      sql`select 'merchants' as name, count(*)::int as n from merchants
          union all select 'contacts', count(*)::int from contacts
          union all select 'campaigns', count(*)::int from campaigns
          union all select 'deliveries', count(*)::int from deliveries
          union all select 'migrations', count(*)::int from drizzle.__drizzle_migrations`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  } finally {
    await handle.close();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.runIf(process.env.DATABASE_URL)('backup and restore (scripts/backup.sh, scripts/restore.sh)', () => {
  it('restores a backup into a new database that is ready with the same rows; migrations have nothing to do', async () => {
    await createSendingScene(t.db, { count: 25 });
    const source = t.url ?? '';
    const before = await fingerprint(source);
    expect(before.deliveries).toBe(25);

    const file = path.join(folder, 'starloop.dump');
    const backup = await run('bash', ['scripts/backup.sh', file], { env: { ...process.env, DATABASE_URL: source } });
    expect(backup.stdout).toContain(`backup written: ${file}`);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    restoredName = `${new URL(source).pathname.slice(1)}_restored`;
    const target = withDatabase(source, restoredName);
    const restore = await run('bash', ['scripts/restore.sh', file, target]);
    expect(restore.stdout).toContain(`created database ${restoredName}`);

    // openDatabase runs the migrator, as every process start does: nothing new to apply.
    expect(await fingerprint(target)).toEqual(before);
    const handle = await openDatabase({ url: target });
    try {
      expect(await checkReadiness(handle.db, { env: productionEnv(target) })).toEqual({ ready: true, failed: [] });
    } finally {
      await handle.close();
    }

    // Never over a database that holds data.
    await expect(run('bash', ['scripts/restore.sh', file, target])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('restore into a new database') });
  }, 120_000);

  it.runIf(compiledExists('migrate') && compiledExists('worker'))('the compiled migrations and worker start on the restored database', async () => {
    expect(restoredName).toBeDefined();
    const target = withDatabase(t.url ?? '', restoredName ?? '');
    const before = await fingerprint(target);
    const migrate = runNode([compiled('migrate')], productionEnv(target));
    expect(await migrate.exited).toEqual({ code: 0, signal: null });
    expect((await fingerprint(target)).migrations).toBe(before.migrations);

    worker = runNode([compiled('worker')], { ...productionEnv(target), DISPATCH_INTERVAL_MS: '100' });
    await worker.waitFor('[worker] dispatching');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it.runIf(standaloneReady())('the standalone server answers /api/ready on the restored database', async () => {
    expect(restoredName).toBeDefined();
    const target = withDatabase(t.url ?? '', restoredName ?? '');
    const port = await freePort();
    web = runNode(['scripts/serve.mjs', '-H', '127.0.0.1', '-p', String(port)], { ...productionEnv(target, `http://127.0.0.1:${port}`), WEB_SERVER: 'standalone', DISPATCHER: 'off' });
    const until = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < until && status !== 200) {
      status = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status, () => 0);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    web.child.kill('SIGTERM');
    expect((await web.exited).code).toBe(143);
  }, 90_000);
});
