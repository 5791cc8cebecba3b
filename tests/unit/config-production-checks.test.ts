import { describe, expect, it } from 'vitest';
import { isLocalEvaluation } from '@/lib/config/local-evaluation';
import { mailTransportMode } from '@/lib/config/mail-mode';
import { productionProblems } from '@/lib/config/production-checks';
import { parseEncryptionKey } from '@/lib/config/encryption-key';
import { shouldSeedDemo } from '@/lib/seed/policy';

const secret = 'a'.repeat(32);
const good = { NODE_ENV: 'production', AUTH_SECRET: secret, APP_URL: 'https://app.example', DATABASE_URL: 'postgres://db/x', SMTP_URL: 'smtp://mail:587' };

describe('production start checks', () => {
  it('accept a complete configuration, and anything outside production', () => {
    expect(productionProblems(good, 'server')).toEqual([]);
    expect(productionProblems(good, 'worker')).toEqual([]);
    expect(productionProblems({ ...good, SMTP_URL: undefined, MAIL_TRANSPORT: 'outbox' }, 'server')).toEqual([]);
    expect(productionProblems({ NODE_ENV: 'development' }, 'server')).toEqual([]);
  });

  it.each([
    ['AUTH_SECRET missing', { AUTH_SECRET: undefined }, /AUTH_SECRET must be set/],
    ['AUTH_SECRET of 31 characters', { AUTH_SECRET: 'a'.repeat(31) }, /AUTH_SECRET must be set to at least 32/],
    ['APP_URL missing', { APP_URL: undefined }, /APP_URL must be set/],
    ['DATABASE_URL missing', { DATABASE_URL: undefined }, /DATABASE_URL must be set/],
    ['CRON_SECRET short', { CRON_SECRET: 'short' }, /CRON_SECRET is set but shorter than 32/],
    ['INBOUND_EMAIL_SECRET short', { INBOUND_EMAIL_SECRET: 'x'.repeat(31) }, /INBOUND_EMAIL_SECRET is set but shorter/],
    ['no mail transport', { SMTP_URL: undefined }, /no mail transport/],
    ['MAIL_TRANSPORT=smtp without SMTP_URL', { SMTP_URL: undefined, MAIL_TRANSPORT: 'smtp' }, /MAIL_TRANSPORT=smtp needs SMTP_URL/],
    ['an unknown MAIL_TRANSPORT', { MAIL_TRANSPORT: 'pigeon' }, /MAIL_TRANSPORT must be smtp or outbox/],
    ['TOKEN_ENCRYPTION_KEY not 32 bytes', { TOKEN_ENCRYPTION_KEY: 'a passphrase' }, /TOKEN_ENCRYPTION_KEY must be 32/],
  ])('refuse %s', (_name, change, message) => {
    for (const role of ['server', 'worker'] as const) {
      const problems = productionProblems({ ...good, ...change }, role);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    }
  });

  it('let local evaluation run on the embedded database, the file secret and the outbox, loopback only', () => {
    const local = { NODE_ENV: 'production', LOCAL_EVALUATION: '1' };
    expect(isLocalEvaluation(local)).toBe(true);
    expect(productionProblems(local, 'server')).toEqual([]);
    expect(productionProblems({ ...local, APP_URL: 'http://localhost:3000' }, 'server')).toEqual([]);
    // A public APP_URL or a DATABASE_URL is a deployment: strict checks.
    expect(productionProblems({ ...local, APP_URL: 'https://shop.example' }, 'server').join()).toMatch(/DATABASE_URL must be set/);
    expect(isLocalEvaluation({ ...local, DATABASE_URL: 'postgres://db/x' })).toBe(false);
    // The worker has no local evaluation; secrets that are set are still checked.
    expect(productionProblems(local, 'worker').length).toBeGreaterThan(0);
    expect(productionProblems({ ...local, CRON_SECRET: 'short' }, 'server').join()).toMatch(/CRON_SECRET/);
  });

  it('never seed the demo in production outside local evaluation', () => {
    expect(shouldSeedDemo('postgres', { NODE_ENV: 'production', SEED_DEMO: '1' })).toBe(false);
    expect(shouldSeedDemo('pglite', { NODE_ENV: 'production' })).toBe(false);
    expect(shouldSeedDemo('pglite', { NODE_ENV: 'production', LOCAL_EVALUATION: '1' })).toBe(true);
    expect(shouldSeedDemo('pglite', { NODE_ENV: 'development' })).toBe(true);
    expect(shouldSeedDemo('postgres', { NODE_ENV: 'development', SEED_DEMO: '1' })).toBe(true);
  });

  it('choose the mail transport: MAIL_TRANSPORT=outbox wins over SMTP_URL', () => {
    expect(mailTransportMode({ SMTP_URL: 'smtp://x' })).toBe('smtp');
    expect(mailTransportMode({ SMTP_URL: 'smtp://x', MAIL_TRANSPORT: 'outbox' })).toBe('outbox');
    expect(mailTransportMode({})).toBe('outbox');
  });

  it('read TOKEN_ENCRYPTION_KEY as 32 bytes of hex or base64 only', () => {
    expect(parseEncryptionKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 7).toString('base64url'))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(16, 7).toString('base64'))).toBeNull();
    expect(parseEncryptionKey('correct horse battery staple')).toBeNull();
  });
});
