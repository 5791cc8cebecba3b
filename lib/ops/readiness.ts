import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { productionProblems } from '@/lib/config/production-checks';

/** What a process needs before a load balancer sends it requests (GET /api/ready). */
export type ReadinessCheck = 'database' | 'migrations' | 'transports';

export interface Readiness {
  ready: boolean;
  /** The checks that failed, by name only: the answer is public, so no detail and no secret. */
  failed: ReadinessCheck[];
}

export interface ReadinessOptions {
  /** How long `select 1` may take before the database counts as unreachable. */
  timeoutMs?: number;
  env?: Record<string, string | undefined>;
}

const JOURNAL = path.join(process.cwd(), 'db', 'migrations', 'meta', '_journal.json');
let bundled: Set<number> | undefined;

/** The `when` of every migration this build carries: drizzle records it as created_at. */
function bundledMigrations(): Set<number> {
  bundled ??= new Set((JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when));
  return bundled;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Database reachable (`select 1` within the timeout), every bundled migration applied (the rows
 * drizzle's migrator wrote), and the production configuration sound, mail transport included
 * (lib/config/production-checks.ts decides; outside production the outbox is the default). An
 * unreachable database skips the migration check: it could only fail the same way.
 */
export async function checkReadiness(db: Db, options: ReadinessOptions = {}): Promise<Readiness> {
  const failed: ReadinessCheck[] = [];
  const timeoutMs = options.timeoutMs ?? 2_000;
  try {
    await within(db.execute(sql`select 1`), timeoutMs);
    try {
      const rows = await within(db.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`), timeoutMs);
      const applied = new Set(rows.map((r) => Number(r.created_at)));
      if ([...bundledMigrations()].some((when) => !applied.has(when))) failed.push('migrations');
    } catch {
      failed.push('migrations');
    }
  } catch {
    failed.push('database');
  }
  if (productionProblems(options.env ?? process.env, 'server').length) failed.push('transports');
  return { ready: failed.length === 0, failed };
}
