import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const SECRET = 'unit-test-auth-secret-0123456789-abcdefghij';
let secretModule: typeof import('@/lib/crypto/secret');
let box: typeof import('@/lib/crypto/secret-box');
let reply: typeof import('@/lib/reply-address/reply-address');
let tracking: typeof import('@/lib/sending/tracking');

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  delete process.env.TOKEN_ENCRYPTION_KEY;
  secretModule = await import('@/lib/crypto/secret');
  box = await import('@/lib/crypto/secret-box');
  reply = await import('@/lib/reply-address/reply-address');
  tracking = await import('@/lib/sending/tracking');
});

// How the first release sealed provider tokens (HKDF info `starloop-token-encryption`).
function sealLegacy(plain: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}
const legacyKey = () => Buffer.from(crypto.hkdfSync('sha256', SECRET, 'starloop-token-encryption', 'aes-256-gcm', 32));
const legacySig = (merchantId: number) => crypto.createHmac('sha256', `${SECRET}:inbound`).update(String(merchantId)).digest('base64url').replace(/[-_]/g, '').slice(0, 10).toLowerCase();

describe('keys per purpose', () => {
  it('derives a different 32-byte key for every purpose, none equal to AUTH_SECRET', () => {
    const purposes = ['access-token', 'session', 'tracking', 'inbox-address', 'provider-tokens', 'file-links', 'two-factor', 'login-challenge'] as const;
    const keys = purposes.map((p) => secretModule.purposeKey(p).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) {
      expect(key).toHaveLength(64);
      expect(key).not.toContain(Buffer.from(SECRET).toString('hex'));
    }
    expect(secretModule.purposeKey('session').equals(secretModule.purposeKey('session'))).toBe(true);
    expect(secretModule.sessionSecrets()).toEqual([secretModule.purposeSecret('session'), SECRET]);
  });

  it('still opens provider tokens sealed with the old key, and seals new ones with the new key', () => {
    const old = sealLegacy('google-refresh-token', legacyKey());
    expect(box.decryptSecret(old)).toBe('google-refresh-token');
    const sealed = box.encryptSecret('new-token');
    expect(box.decryptSecret(sealed)).toBe('new-token');
    // The new form is not sealed under the old key.
    const [, iv, tag, body] = sealed.split('.');
    const decipher = crypto.createDecipheriv('aes-256-gcm', legacyKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    expect(() => Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])).toThrow();
    expect(box.decryptSecret(sealed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
  });

  it('uses TOKEN_ENCRYPTION_KEY for new tokens and still opens the derived ones', () => {
    const derivedSealed = box.encryptSecret('before');
    const old = sealLegacy('first-release', legacyKey());
    process.env.TOKEN_ENCRYPTION_KEY = crypto.randomBytes(32).toString('base64');
    try {
      const sealed = box.encryptSecret('after');
      expect(box.decryptSecret(sealed)).toBe('after');
      expect(box.decryptSecret(derivedSealed)).toBe('before');
      expect(box.decryptSecret(old)).toBe('first-release');
      const configured = Buffer.from(process.env.TOKEN_ENCRYPTION_KEY, 'base64');
      const [, iv, tag, body] = sealed.split('.');
      const decipher = crypto.createDecipheriv('aes-256-gcm', configured, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      expect(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString()).toBe('after');
    } finally {
      delete process.env.TOKEN_ENCRYPTION_KEY;
    }
  });

  it('signs new inbox addresses with the inbox key and still accepts addresses already handed out', () => {
    const address = reply.inboxAddress(42, 'in.example') ?? '';
    expect(reply.merchantOfAddress(address)).toBe(42);
    expect(address).not.toContain(legacySig(42));
    expect(reply.merchantOfAddress(`reply+m42.${legacySig(42)}@in.example`)).toBe(42);
    expect(reply.merchantOfAddress(`reply+m43.${legacySig(42)}@in.example`)).toBeNull();
    expect(reply.merchantOfSmsKey(`m42.${legacySig(42)}`)).toBe(42);
    expect(reply.merchantOfSmsKey(reply.smsWebhookKey(7))).toBe(7);
    expect(reply.merchantOfSmsKey('m7.0000000000')).toBeNull();
  });

  it('signs new tracking links with the tracking key and still verifies links in mail already sent', () => {
    const legacy = (payload: string) => crypto.createHmac('sha256', `${SECRET}:tracking`).update(payload).digest('base64url').slice(0, 22);
    const target = 'https://example.com/a?b=1';
    const url = new URL(tracking.clickUrl('https://app.example', 9, target));
    const signature = url.searchParams.get('s') ?? '';
    expect(signature).not.toBe(legacy(`c:9:${target}`));
    expect(tracking.verifyClick(9, url.searchParams.get('u') ?? '', signature)).toBe(target);
    expect(tracking.verifyClick(9, Buffer.from(target).toString('base64url'), legacy(`c:9:${target}`))).toBe(target);
    expect(tracking.verifyClick(10, Buffer.from(target).toString('base64url'), legacy(`c:9:${target}`))).toBeNull();
    expect(tracking.verifyOpen(9, `${legacy('o:9')}.gif`)).toBe(true);
    expect(tracking.verifyOpen(9, tracking.openPixelUrl('https://a', 9).split('/').pop() ?? '')).toBe(true);
    expect(tracking.verifyOpen(8, `${legacy('o:9')}.gif`)).toBe(false);
  });

  it('refuses a short AUTH_SECRET in production instead of writing a file secret', async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, AUTH_SECRET: process.env.AUTH_SECRET };
    vi.resetModules();
    Object.assign(process.env, { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(31) });
    try {
      const fresh = await import('@/lib/crypto/secret');
      expect(() => fresh.authSecret()).toThrow(/AUTH_SECRET must be set to at least 32 characters/);
      expect(() => fresh.purposeKey('session')).toThrow(/AUTH_SECRET/);
    } finally {
      Object.assign(process.env, saved);
      vi.resetModules();
    }
  });
});
