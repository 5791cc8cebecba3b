import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setting, settingDefault, settingProblems, settingVariables } from '@/lib/config/settings';
import { productionProblems } from '@/lib/config/production-checks';

describe('settings: one reader per variable', () => {
  it('answers the default when a variable is unset, blank or out of bounds, and caps where the bound is a cap', () => {
    expect(settingDefault('emailRatePerSecond')).toBe(50);
    expect(setting('emailRatePerSecond', { EMAIL_RATE_PER_SECOND: '0' })).toBe(0);
    expect(setting('emailRatePerSecond', { EMAIL_RATE_PER_SECOND: ' ' })).toBe(50);
    expect(setting('emailRatePerSecond', { EMAIL_RATE_PER_SECOND: 'fast' })).toBe(50);
    expect(setting('accessTokenTtlSeconds', { ACCESS_TOKEN_TTL_SECONDS: '30' })).toBe(900);
    expect(setting('accessTokenTtlSeconds', { ACCESS_TOKEN_TTL_SECONDS: '7200' })).toBe(7200);
    expect(setting('accessTokenTtlSeconds', { ACCESS_TOKEN_TTL_SECONDS: '999999' })).toBe(86_400);
    expect(setting('trustedProxyHops', { TRUSTED_PROXY_HOPS: '11' })).toBe(0);
    expect(setting('trustedProxyHops', { TRUSTED_PROXY_HOPS: '1.5' })).toBe(0);
    expect(setting('reviewReportRows', { REVIEW_REPORT_ROWS: '20' })).toBe(20);
    expect(setting('appUrl', { APP_URL: ' https://app.example.com// ' })).toBe('https://app.example.com');
    expect(setting('smsCodeCountries', { SMS_CODE_COUNTRIES: 'cn, hk,xyz' })).toEqual(['CN', 'HK']);
    expect(setting('smsCodeCountries', {})).toBeNull();
    expect(setting('dispatcher', {})).toBe('inline');
    expect(setting('dispatcher', { DISPATCHER: 'worker' })).toBe('worker');
    expect(setting('devMailbox', { NODE_ENV: 'production' })).toBe(false);
    expect(setting('devMailbox', { NODE_ENV: 'production', DEV_MAILBOX: '1' })).toBe(true);
    // Local evaluation (the README's first command): the outbox the banner mentions is readable.
    expect(setting('devMailbox', { NODE_ENV: 'production', LOCAL_EVALUATION: '1' })).toBe(true);
    expect(setting('devMailbox', { NODE_ENV: 'production', LOCAL_EVALUATION: '1', DATABASE_URL: 'postgres://db/x' })).toBe(false);
    expect(setting('devMailbox', { NODE_ENV: 'production', LOCAL_EVALUATION: '1', DEV_MAILBOX: '0' })).toBe(false);
    // Secrets are compared byte for byte: never trimmed.
    expect(setting('cronSecret', { CRON_SECRET: ' s ' })).toBe(' s ');
  });

  it('names every value that is set but wrong, and a production start refuses it', () => {
    const env = { EMAIL_RATE_PER_SECOND: 'fast', DISPATCH_BATCH_SIZE: '2.5', TRUSTED_PROXY_HOPS: '12', DISPATCHER: 'cronjob', ACCESS_TOKEN_TTL_SECONDS: '999999' };
    expect(settingProblems(env)).toEqual([
      'DISPATCHER must be inline, worker, cron or off',
      'DISPATCH_BATCH_SIZE must be a whole number, at least 1',
      'TRUSTED_PROXY_HOPS must be a whole number, 0 to 10',
      'EMAIL_RATE_PER_SECOND must be a number, at least 0',
    ].sort((a, b) => settingVariables().indexOf(a.split(' ')[0]) - settingVariables().indexOf(b.split(' ')[0])));
    expect(settingProblems({})).toEqual([]);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), APP_URL: 'https://app.example.com', DATABASE_URL: 'postgres://db/app', MAIL_TRANSPORT: 'outbox' };
    expect(productionProblems(production, 'worker')).toEqual([]);
    expect(productionProblems({ ...production, SMTP_MAX_CONNECTIONS: '0' }, 'worker')).toEqual(['SMTP_MAX_CONNECTIONS must be a whole number, at least 1']);
  });

  it('no other file reads one of these variables from the environment', () => {
    const root = path.resolve(__dirname, '../..');
    const variables = settingVariables();
    // A read, not the one write (lib/auth/secret.ts hands a generated secret to child processes).
    const reader = new RegExp(`\\benv(?:\\.|\\[['"])(${variables.join('|')})\\b(?!\\s*\\?\\?=)`);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') walk(full);
        } else if (/\.(ts|tsx)$/.test(entry.name) && reader.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
      }
    };
    for (const dir of ['app', 'components', 'lib', 'db', 'scripts']) walk(path.join(root, dir));
    for (const file of ['instrumentation.ts', 'proxy.ts']) if (reader.test(fs.readFileSync(path.join(root, file), 'utf8'))) offenders.push(file);
    expect(offenders.filter((f) => f !== 'lib/config/settings.ts')).toEqual([]);
  });
});
