import fs from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { users } from '@/db/schema/users';
import { COMMON_PASSWORDS, COMMON_PASSWORDS_FILE, commonPasswordCount, isCommonPassword } from '@/lib/auth/common-passwords';
import { PASSWORD_HASH_OPTIONS, hashPassword, needsRehash, verifyPassword } from '@/lib/auth/password';
import { PASSWORD_MAX, PASSWORD_MIN, registerSchema } from '@/lib/auth/schema';
import { signVerificationToken } from '@/lib/auth/tokens';
import { POST as register } from '@/app/api/user/register/route';
import { POST as loginRoute } from '@/app/api/user/login/route';

const t = setupTestDatabase();

const details = { userName: 'Mei', merchantName: 'Mei Noodles', address: '8 Harbour Road' };
const messages = Object.fromEntries(
  ['zh-CN', 'en-US', 'zh-HK'].map((locale) => [locale, JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as { accounts: { validation: Record<string, string> } }]),
);

/** Lines of the shipped list that are passwords (comments left out). */
const listed = fs
  .readFileSync(path.join(process.cwd(), COMMON_PASSWORDS_FILE), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('# '));

function passwordIssues(password: string): string[] {
  const parsed = registerSchema.safeParse({ ...details, verificationToken: 'x', password, confirmPassword: password });
  return parsed.error?.issues.filter((i) => i.path[0] === 'password').map((i) => i.message) ?? [];
}

async function registerAs(email: string, password: string, locale = 'en-US') {
  const { token } = await signVerificationToken(email, new Date());
  return callApi<{ accessToken: string; fieldErrors?: Record<string, string> }>(register, {
    method: 'POST',
    path: '/user/register',
    locale,
    body: { ...details, verificationToken: token, password, confirmPassword: password },
  });
}

describe(`password rules (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('ships a list of 10,000+ common passwords that the server checks, whatever the case', () => {
    expect(listed.length).toBeGreaterThanOrEqual(10_000);
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    // Deep in the file, so only the file (not the short in-code set the browser uses) knows them.
    for (const password of [listed[9000], listed[listed.length - 1], 'Caterpillar', 'BLACKHAWKS']) {
      expect(COMMON_PASSWORDS.has(password.toLowerCase())).toBe(false);
      expect(isCommonPassword(password)).toBe(true);
      expect(passwordIssues(password)).toEqual(['accounts.validation.passwordCommon']);
    }
    expect(isCommonPassword('Harbour-Noodles-8')).toBe(false);
  });

  it('wants at least 8 characters and allows long passphrases (64, 128)', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBeGreaterThanOrEqual(64);
    expect(passwordIssues('Qz7#kLm')).toEqual(['accounts.validation.passwordShort']);
    expect(passwordIssues('Qz7#kLm2')).toEqual([]);
    expect(passwordIssues('correct horse battery staple '.repeat(3).slice(0, 64))).toEqual([]);
    expect(passwordIssues('x9'.repeat(PASSWORD_MAX / 2))).toEqual([]);
    expect(passwordIssues('x9'.repeat(PASSWORD_MAX / 2) + 'y')).toEqual(['accounts.validation.passwordLong']);
  });

  it('answers the field errors translated in all three languages', async () => {
    for (const locale of ['zh-CN', 'en-US', 'zh-HK']) {
      const { validation } = messages[locale].accounts;
      const common = await registerAs(`common-${locale.toLowerCase()}@mei.example`, 'Caterpillar', locale);
      expect(common.status).toBe(400);
      expect(common.body.data.fieldErrors?.password).toBe(validation.passwordCommon);
      const short = await registerAs(`short-${locale.toLowerCase()}@mei.example`, 'Qz7#kLm', locale);
      expect(short.body.data.fieldErrors?.password).toBe(validation.passwordShort);
      const long = await registerAs(`long-${locale.toLowerCase()}@mei.example`, 'x'.repeat(PASSWORD_MAX + 1), locale);
      expect(long.body.data.fieldErrors?.password).toBe(validation.passwordLong);
    }
    // Nothing was written by a refused request.
    expect((await t.db.select().from(users)).filter((u) => u.email.endsWith('@mei.example'))).toHaveLength(0);
  });

  it('registers and signs in with a 100-character passphrase', async () => {
    const passphrase = 'noodle soup at the harbour on a rainy tuesday evening, with two friends and a very old cat!!'.padEnd(100, '.');
    expect(passphrase).toHaveLength(100);
    const created = await registerAs('passphrase@mei.example', passphrase);
    expect(created.status).toBe(200);
    const signIn = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: 'passphrase@mei.example', password: passphrase }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(signIn.status).toBe(200);
  });
});

describe('password hashing', () => {
  it('stores argon2id at OWASP settings or stronger (m >= 19 MiB, t >= 2, p = 1) with a random salt', async () => {
    expect(PASSWORD_HASH_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(PASSWORD_HASH_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    const first = await hashPassword('Harbour-Noodles-8');
    const second = await hashPassword('Harbour-Noodles-8');
    const [, memory, time, parallelism] = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(first) ?? [];
    // What the stored hash says, not only the options: OWASP's argon2id minimum is m=19456 KiB, t=2, p=1.
    expect(Number(memory)).toBeGreaterThanOrEqual(19456);
    expect(Number(time)).toBeGreaterThanOrEqual(2);
    expect(Number(parallelism)).toBe(1);
    expect(PASSWORD_HASH_OPTIONS.parallelism).toBe(1);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Harbour');
    expect(await verifyPassword(first, 'Harbour-Noodles-8')).toBe(true);
    expect(await verifyPassword(first, 'harbour-noodles-8')).toBe(false);
    expect(await verifyPassword('not a hash', 'Harbour-Noodles-8')).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('still verifies hashes made with older, weaker settings, and upgrades them at the next sign-in', async () => {
    const password = 'Old-Hash-Still-Works-1';
    const legacy = [
      await hash(password, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
      await hash(password, { algorithm: 1 /* argon2i */, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
    ];
    for (const [i, old] of legacy.entries()) {
      expect(await verifyPassword(old, password)).toBe(true);
      expect(needsRehash(old)).toBe(true);
      const account = await createMerchant(t.db, { email: `legacy-${i}@mei.example`, passwordHash: old });
      const signIn = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: account.email, password }, headers: { 'x-forwarded-for': `198.51.100.${20 + i}` } });
      expect(signIn.status).toBe(200);
      const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, account.userId));
      expect(row.passwordHash).not.toBe(old);
      expect(needsRehash(row.passwordHash)).toBe(false);
      expect(await verifyPassword(row.passwordHash, password)).toBe(true);
      // And the upgraded hash signs in again.
      const again = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: account.email, password }, headers: { 'x-forwarded-for': `198.51.100.${20 + i}` } });
      expect(again.status).toBe(200);
    }
  });
});
