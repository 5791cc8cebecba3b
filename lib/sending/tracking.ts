import crypto from 'node:crypto';
import { authSecret, purposeKey } from '@/lib/crypto/secret';

/**
 * Open pixels and click redirects carry an HMAC of what they point at, so a tracking link cannot
 * be forged into an open redirect or used to mark someone else's delivery. New links are signed
 * with the tracking key (HKDF of AUTH_SECRET); links in mail sent before the keys were split were
 * signed with `AUTH_SECRET:tracking` and stay valid for verification, permanently: a customer may
 * click a months-old e-mail, and nothing new is ever signed with that form.
 */
function sign(payload: string, key: crypto.KeyObject = trackingKey()): string {
  return crypto.createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}

let keys: { secret: string; current: crypto.KeyObject; legacy: crypto.KeyObject } | undefined;

/** The signing keys, made once per secret (every message signs two links). */
function keyPair(): NonNullable<typeof keys> {
  const secret = authSecret();
  if (keys?.secret !== secret) {
    keys = { secret, current: crypto.createSecretKey(purposeKey('tracking')), legacy: crypto.createSecretKey(Buffer.from(`${secret}:tracking`)) };
  }
  return keys;
}

function trackingKey(): crypto.KeyObject {
  return keyPair().current;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Whether a signature is the current or the legacy one of a payload (both compared in constant time). */
function verifies(payload: string, signature: string): boolean {
  const { current, legacy } = keyPair();
  const now = safeEqual(sign(payload, current), signature);
  const before = safeEqual(sign(payload, legacy), signature);
  return now || before;
}

export function openPixelUrl(baseUrl: string, deliveryId: number): string {
  return `${baseUrl.replace(/\/$/, '')}/api/t/o/${deliveryId}/${sign(`o:${deliveryId}`)}.gif`;
}

export function verifyOpen(deliveryId: number, signature: string): boolean {
  return verifies(`o:${deliveryId}`, signature.replace(/\.gif$/, ''));
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
  return verifies(`c:${deliveryId}:${target}`, signature) ? target : null;
}

/**
 * Where a verified click redirects: the target as WHATWG URL writes it (punycode host,
 * percent-encoded path and query), since a Location header holds only Latin-1 and a merchant's
 * link may be written with any characters (`https://例子.com/路径`). Null when it is no http(s) URL.
 */
export function clickRedirectTarget(target: string): string | null {
  if (!URL.canParse(target)) return null;
  const url = new URL(target);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * Rewrites http(s) links of an e-mail body to click redirects and appends the open pixel. The
 * opt-out link stays direct: an unsubscribe must work even when tracking is blocked.
 */
export function addTracking(html: string, baseUrl: string, deliveryId: number, untracked: readonly string[] = []): string {
  // Either quote, each allowing the other inside (`href="…it's…"`).
  const rewritten = html.replace(/(<a\b[^>]*?\bhref=)(?:"(https?:\/\/[^"]+)"|'(https?:\/\/[^']+)')/gi, (match, prefix: string, double?: string, single?: string) => {
    const target = decodeEntities(double ?? single ?? '');
    if (untracked.some((u) => target === u)) return match;
    return `${prefix}"${escapeAttr(clickUrl(baseUrl, deliveryId, target))}"`;
  });
  const pixel = `<img src="${escapeAttr(openPixelUrl(baseUrl, deliveryId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  return /<\/body>/i.test(rewritten) ? rewritten.replace(/<\/body>/i, `${pixel}</body>`) : `${rewritten}${pixel}`;
}

/**
 * An attribute's value as the browser reads it: the named entities our escaping and editors write,
 * and every numeric one. Only `&amp;` and `/` were decoded before, so `O'Neil` in a link's address
 * reached its target as `O&#39;Neil` (found from outside).
 */
function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name) return named[name.toLowerCase()] ?? whole;
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
