import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The server's start path and the worker, started as real processes with NODE_ENV=production and
 * one bad setting each: each exits 78 with its one line. The good configuration passes the checks
 * and gets as far as the database (port 1: refused), so the refusal is the checks', not a crash.
 */
const SECRET = 's'.repeat(40);
const good: Record<string, string> = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRET,
  APP_URL: 'https://app.example',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  SMTP_URL: 'smtp://mail.example:587',
};

const entries = {
  server: ['node_modules/tsx/dist/cli.mjs', 'tests/integration/config-server-start.child.ts'],
  worker: ['node_modules/tsx/dist/cli.mjs', 'scripts/worker.ts'],
} as const;

function start(role: keyof typeof entries, env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries({ PATH: process.env.PATH, HOME: process.env.HOME, ...env }).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entries[role]], { env: clean, cwd: process.cwd() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const bad: [string, Record<string, string | undefined>, RegExp][] = [
  ['AUTH_SECRET missing', { AUTH_SECRET: undefined }, /AUTH_SECRET must be set to at least 32 characters/],
  ['AUTH_SECRET short', { AUTH_SECRET: 'x'.repeat(31) }, /AUTH_SECRET must be set to at least 32 characters/],
  ['APP_URL missing', { APP_URL: undefined }, /APP_URL must be set/],
  ['DATABASE_URL missing', { DATABASE_URL: undefined }, /DATABASE_URL must be set/],
  ['CRON_SECRET short', { CRON_SECRET: 'cron' }, /CRON_SECRET is set but shorter than 32 characters/],
  ['INBOUND_EMAIL_SECRET short', { INBOUND_EMAIL_SECRET: 'inbound' }, /INBOUND_EMAIL_SECRET is set but shorter than 32 characters/],
  ['no mail transport', { SMTP_URL: undefined }, /no mail transport: set SMTP_URL, or MAIL_TRANSPORT=outbox/],
];

describe.each(['server', 'worker'] as const)('the %s in production', (role) => {
  it.each(bad)('refuses to start with %s, in one line', async (_name, change, message) => {
    const { code, stderr, stdout } = await start(role, { ...good, ...change });
    expect(code).toBe(78);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\[starloop\\] ${role} refuses to start in production: `));
    expect(lines[0]).toMatch(message);
    expect(stdout).toBe('');
  });

  it('passes the checks with a complete configuration (then meets the database)', async () => {
    const { code, stderr } = await start(role, good);
    expect(code).not.toBe(78);
    expect(stderr).not.toMatch(/refuses to start/);
    expect(stderr).toMatch(/ECONNREFUSED/);
  });

  it('passes with MAIL_TRANSPORT=outbox said explicitly instead of SMTP', async () => {
    const { code, stderr } = await start(role, { ...good, SMTP_URL: undefined, MAIL_TRANSPORT: 'outbox' });
    expect(code).not.toBe(78);
    expect(stderr).not.toMatch(/refuses to start/);
  });
});
