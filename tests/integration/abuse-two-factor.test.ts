import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { hashPassword } from '@/lib/auth/password';
import { issueTokenPair } from '@/lib/auth/token-pairs';
import { GET as infoRoute } from '@/app/api/user/info/route';
import { POST as setupRoute } from '@/app/api/user/twoFactor/setup/route';
import { POST as enableRoute } from '@/app/api/user/twoFactor/enable/route';

/**
 * A stolen session enrolled its own authenticator: turning the second step on asked for no
 * password and left every other session alive.
 */
const t = setupTestDatabase();
const PASSWORD = 'Stolen-Cookie-2026';

const setup = (token: string, body: Record<string, unknown>) => callApi<{ secret: string }>(setupRoute, { method: 'POST', path: '/user/twoFactor/setup', token, body });

describe(`turning two-step verification on (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('asks for the current password: none or a wrong one is refused beside the field, and no secret is made', async () => {
    const owner = await createMerchant(t.db, { passwordHash: await hashPassword(PASSWORD) });
    const none = await setup(owner.token, {});
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.data)).toContain('password');
    const wrong = await setup(owner.token, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect((wrong.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.password).toBeTruthy();
    expect((await setup(owner.token, { password: PASSWORD })).status).toBe(200);
  });

  it('ends every other session; the one that turned it on stays with a new token', async () => {
    const owner = await createMerchant(t.db, { passwordHash: await hashPassword(PASSWORD) });
    const mine = await issueTokenPair(t.db, owner.userId, owner.merchantId, new Date());
    const other = await issueTokenPair(t.db, owner.userId, owner.merchantId, new Date());
    const info = (token: string) => callApi(infoRoute, { path: '/user/info', token });
    expect((await info(other.accessToken)).status).toBe(200);

    const started = await setup(mine.accessToken, { password: PASSWORD });
    const app = new TOTP({ secret: Secret.fromBase32(started.body.data.secret) });
    const enabled = await callApi<{ accessToken: string }>(enableRoute, { method: 'POST', path: '/user/twoFactor/enable', token: mine.accessToken, body: { code: app.generate() } });
    expect(enabled.status).toBe(200);

    expect((await info(other.accessToken)).status).toBe(401);
    expect((await info(enabled.body.data.accessToken)).status).toBe(200);
  });
});
