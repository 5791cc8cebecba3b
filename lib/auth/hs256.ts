import crypto from 'node:crypto';

/**
 * Verifies a compact HS256 JWT with node:crypto, synchronously: every API request verifies its
 * bearer token, and WebCrypto's asynchronous HMAC job cost ~100 us of CPU per request under load
 * (bench/RESULTS.md, issue 11); this costs a few. Tokens are still signed by jose (tokens.ts).
 * The checks are jose's: the header must say HS256 and carry no `crit`, the signature must match
 * (compared in constant time), `iss` and `aud` must be the expected ones, `exp` must lie after
 * `now` and `nbf` (when present) not after it. Anything else answers null.
 */
export function verifyHs256(token: string, secret: string, expect: { issuer: string; audience: string }, now: Date): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  const signature = decodeBase64Url(signaturePart);
  const expected = crypto.createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  if (!signature || signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) return null;
  const payload = decodeJson(payloadPart);
  if (!payload) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  if (payload.iss !== expect.issuer) return null;
  const audience = payload.aud;
  if (!(audience === expect.audience || (Array.isArray(audience) && audience.includes(expect.audience)))) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= seconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > seconds)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeBase64Url(part: string): Buffer | null {
  return part && BASE64URL.test(part) ? Buffer.from(part, 'base64url') : null;
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = decodeBase64Url(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
