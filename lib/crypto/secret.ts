import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isStrictProduction } from '@/lib/config/local-evaluation';
import { setting } from '@/lib/config/settings';

let cached: string | undefined;

/**
 * AUTH_SECRET, the root of every key (see purposeKey). A development or local-evaluation run
 * without one (or with one under 32 characters) gets a random secret kept in .data/, so a newcomer
 * needs no configuration and restarts keep sessions. In production that fallback would hide a
 * misconfiguration (and cluster processes could race to different files): it throws instead; the
 * start check (lib/config/production-checks.ts) refuses such a start before anything gets here.
 */
export function authSecret(): string {
  if (cached) return cached;
  const fromEnv = setting('authSecret');
  if (fromEnv && fromEnv.length >= 32) {
    cached = fromEnv;
    return cached;
  }
  if (isStrictProduction()) throw new Error('AUTH_SECRET must be set to at least 32 characters in production');
  const file = path.join(process.cwd(), '.data', 'auth-secret');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
  } catch {
    cached = crypto.randomBytes(48).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, cached, { mode: 0o600 });
  }
  process.env.AUTH_SECRET ??= cached;
  return cached;
}

/** What a derived key is for: one key per purpose, so one leaked or misused key opens one door. */
export type KeyPurpose = 'access-token' | 'session' | 'tracking' | 'inbox-address' | 'provider-tokens' | 'file-links' | 'two-factor' | 'login-challenge' | 'dkim-keys';

const derived = new Map<string, Buffer>();

/**
 * A 32-byte key for one purpose, derived from AUTH_SECRET with HKDF-SHA256 (info names the
 * purpose). Cached per secret: tracking signs two links per message.
 */
export function purposeKey(purpose: KeyPurpose): Buffer {
  const secret = authSecret();
  const id = `${purpose}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, 'starloop-keys-v1', `starloop:${purpose}`, 32));
    derived.set(id, key);
  }
  return key;
}

/** The purpose key as text, for libraries that take a secret string (Auth.js). */
export function purposeSecret(purpose: KeyPurpose): string {
  return purposeKey(purpose).toString('base64url');
}

/**
 * The browser session's secrets for Auth.js: new cookies are sealed with the session key; a cookie
 * sealed before the keys were split (with AUTH_SECRET itself) still opens, so a deploy signs no
 * one out. Every cookie Auth.js writes back uses the first, so the old form dies out within a
 * session's lifetime; the fallback can then be dropped (docs/security.md).
 */
export function sessionSecrets(): string[] {
  return [purposeSecret('session'), authSecret()];
}
