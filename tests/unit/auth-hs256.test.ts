import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from '@/lib/auth/hs256';

const secret = 'unit-secret-unit-secret-unit-secret-0123456789';
const key = new TextEncoder().encode(secret);
const expect_ = { issuer: 'starloop', audience: 'starloop-api' };
const now = new Date('2026-11-24T12:00:00Z');
const iat = Math.floor(now.getTime() / 1000);

function token(options: { alg?: string; claims?: Record<string, unknown>; header?: Record<string, unknown>; exp?: number; key?: Uint8Array } = {}) {
  return new SignJWT({ mid: 7, ...(options.claims ?? {}) })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...(options.header ?? {}) })
    .setSubject('42')
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 900)
    .setIssuer('starloop')
    .setAudience('starloop-api')
    .sign(options.key ?? key);
}

describe('verifyHs256 (access tokens, checked synchronously)', () => {
  it('accepts a token jose signed, with its claims', async () => {
    expect(verifyHs256(await token(), secret, expect_, now)).toMatchObject({ sub: '42', mid: 7, iss: 'starloop', aud: 'starloop-api' });
  });

  it('refuses another key, a changed payload or signature, and other algorithms', async () => {
    expect(verifyHs256(await token({ key: new TextEncoder().encode(`${secret}x`) }), secret, expect_, now)).toBeNull();
    const [h, p, s] = (await token()).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect(verifyHs256(`${h}.${forged}.${s}`, secret, expect_, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s.slice(0, -2)}`, secret, expect_, now)).toBeNull();
    expect(verifyHs256(await token({ alg: 'HS512' }), secret, expect_, now)).toBeNull();
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect(verifyHs256(none, secret, expect_, now)).toBeNull();
  });

  it('refuses expired, not yet valid, foreign issuer or audience, and critical headers', async () => {
    expect(verifyHs256(await token({ exp: iat }), secret, expect_, now)).toBeNull();
    expect(verifyHs256(await token(), secret, expect_, new Date(now.getTime() + 901_000))).toBeNull();
    expect(verifyHs256(await token({ claims: { nbf: iat + 60 } }), secret, expect_, now)).toBeNull();
    expect(verifyHs256(await token(), secret, { ...expect_, audience: 'starloop-register' }, now)).toBeNull();
    expect(verifyHs256(await token(), secret, { ...expect_, issuer: 'someone' }, now)).toBeNull();
    const crit = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', crit: ['b64'], b64: true }).setIssuer('starloop').setAudience('starloop-api').setExpirationTime(iat + 900).sign(key);
    expect(verifyHs256(crit, secret, expect_, now)).toBeNull();
  });

  it('answers null, never throws, for malformed input', () => {
    for (const bad of ['', 'a', 'a.b', 'a.b.c.d', '!!!.???.***', 'eyJ.eyJ.sig', `${Buffer.from('[]').toString('base64url')}.e30.`]) {
      expect(verifyHs256(bad, secret, expect_, now)).toBeNull();
    }
  });
});
