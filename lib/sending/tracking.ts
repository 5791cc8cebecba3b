import crypto from 'node:crypto';
import { authSecret } from '@/lib/auth/secret';

/**
 * Open pixels and click redirects carry an HMAC of what they point at, so a tracking link cannot
 * be forged into an open redirect or used to mark someone else's delivery.
 */
function sign(payload: string): string {
  return crypto.createHmac('sha256', trackingKey()).update(payload).digest('base64url').slice(0, 22);
}

let key: { secret: string; object: crypto.KeyObject } | undefined;

/** The signing key, made once per secret (every message signs two links with it). */
function trackingKey(): crypto.KeyObject {
  const secret = authSecret();
  if (key?.secret !== secret) key = { secret, object: crypto.createSecretKey(Buffer.from(`${secret}:tracking`)) };
  return key.object;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function openPixelUrl(baseUrl: string, deliveryId: number): string {
  return `${baseUrl.replace(/\/$/, '')}/api/t/o/${deliveryId}/${sign(`o:${deliveryId}`)}.gif`;
}

export function verifyOpen(deliveryId: number, signature: string): boolean {
  return safeEqual(sign(`o:${deliveryId}`), signature.replace(/\.gif$/, ''));
}

export function clickUrl(baseUrl: string, deliveryId: number, target: string): string {
  const u = Buffer.from(target).toString('base64url');
  return `${baseUrl.replace(/\/$/, '')}/api/t/c/${deliveryId}?u=${u}&s=${sign(`c:${deliveryId}:${target}`)}`;
}

/** The target of a click link, or null when the signature does not match (no open redirect). */
export function verifyClick(deliveryId: number, encodedTarget: string, signature: string): string | null {
  let target: string;
  try {
    target = Buffer.from(encodedTarget, 'base64url').toString('utf8');
  } catch {
    return null;
  }
  if (!/^https?:\/\//i.test(target)) return null;
  return safeEqual(sign(`c:${deliveryId}:${target}`), signature) ? target : null;
}

/**
 * Rewrites http(s) links of an e-mail body to click redirects and appends the open pixel. The
 * opt-out link stays direct: an unsubscribe must work even when tracking is blocked.
 */
export function addTracking(html: string, baseUrl: string, deliveryId: number, untracked: readonly string[] = []): string {
  const rewritten = html.replace(/(<a\b[^>]*?\bhref=)(["'])(https?:\/\/[^"']+)\2/gi, (match, prefix: string, quote: string, href: string) => {
    const target = decodeEntities(href);
    if (untracked.some((u) => target === u)) return match;
    return `${prefix}${quote}${escapeAttr(clickUrl(baseUrl, deliveryId, target))}${quote}`;
  });
  const pixel = `<img src="${escapeAttr(openPixelUrl(baseUrl, deliveryId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  return /<\/body>/i.test(rewritten) ? rewritten.replace(/<\/body>/i, `${pixel}</body>`) : `${rewritten}${pixel}`;
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&#x2F;/gi, '/').replace(/&#47;/g, '/');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
