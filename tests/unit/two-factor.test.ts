import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';

let totp: typeof import('@/lib/auth/two-factor/totp');
let recovery: typeof import('@/lib/auth/two-factor/recovery-codes');

beforeAll(async () => {
  process.env.AUTH_SECRET = 'unit-two-factor-secret-0123456789abcdef0123456789';
  totp = await import('@/lib/auth/two-factor/totp');
  recovery = await import('@/lib/auth/two-factor/recovery-codes');
});

describe('TOTP', () => {
  it('accepts the codes of the step before, now and after, with the step they belong to', () => {
    const secret = totp.newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app = new TOTP({ secret: Secret.fromBase32(secret) });
    const now = new Date('2026-11-25T12:00:10Z');
    const step = Math.floor(now.getTime() / 30_000);
    for (const delta of [-1, 0, 1]) expect(totp.totpStep(secret, app.generate({ timestamp: now.getTime() + delta * 30_000 }), now)).toBe(step + delta);
    expect(totp.totpStep(secret, app.generate({ timestamp: now.getTime() + 2 * 30_000 }), now)).toBeNull();
    expect(totp.totpStep(secret, app.generate({ timestamp: now.getTime() - 2 * 30_000 }), now)).toBeNull();
  });

  it('seals the secret under the two-factor key: opens again, tampering fails', () => {
    const sealed = totp.sealTotpSecret('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(totp.openTotpSecret(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    parts[3] = `${parts[3].slice(0, -2)}AA`;
    expect(totp.openTotpSecret(parts.join('.'))).toBeNull();
  });

  it('makes an otpauth:// URI an authenticator app reads', () => {
    expect(totp.otpauthUri('JBSWY3DPEHPK3PXP', 'me@example.com')).toBe('otpauth://totp/StarLoop:me%40example.com?issuer=StarLoop&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30');
  });
});

describe('recovery codes', () => {
  it('makes 10 distinct xxxxx-xxxxx codes without look-alike characters', () => {
    const codes = recovery.newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hashes a typed code whatever its case, spaces or dashes', () => {
    expect(recovery.hashRecoveryCode(' ABCDE-fghjk ')).toBe(recovery.hashRecoveryCode('abcdefghjk'));
    expect(recovery.hashRecoveryCode('abcde-fghjk')).not.toBe(recovery.hashRecoveryCode('abcde-fghjm'));
    expect(recovery.isTotpCode(' 123456 ')).toBe(true);
    expect(recovery.isTotpCode('abcde-fghjk')).toBe(false);
  });
});
