import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * AUTH_SECRET signs access tokens and the browser session. A local run without one gets a random
 * secret kept in .data/, so a newcomer needs no configuration and restarts keep sessions.
 */
export function authSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.AUTH_SECRET;
  if (fromEnv && fromEnv.length >= 32) {
    cached = fromEnv;
    return cached;
  }
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
