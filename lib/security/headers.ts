/**
 * The browser-facing security policy of StarLoop (docs/security.md). Pure functions: the proxy
 * (pages) and next.config.ts (every response) apply them.
 */

/** A fresh, unguessable nonce for one page response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** True when the browser reached us over HTTPS (directly or through a TLS-terminating proxy). */
export function isHttpsRequest(headers: Headers, url: string): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded ? forwarded === 'https' : url.startsWith('https:');
}

export interface CspOptions {
  nonce: string;
  /** `next dev`: React's dev build needs eval and the HMR socket. */
  dev?: boolean;
  /** Only over HTTPS: on plain local http, upgrading sub-requests would break them. */
  https?: boolean;
}

/**
 * The page Content Security Policy.
 * - Scripts: only those carrying this response's nonce, plus what they load ('strict-dynamic':
 *   Next's chunk loader). No 'unsafe-inline', no 'unsafe-eval' (except under `next dev`).
 * - Styles: 'unsafe-inline' stays. Radix (popper positions), the charts and our few `style=`
 *   attributes render inline style attributes in the server HTML, and sonner injects a <style>
 *   element; a nonce cannot cover style attributes, and a nonce in style-src would switch
 *   'unsafe-inline' off. Inline styles cannot run code; the script policy is what stops XSS.
 * - img-src allows https: and data:/blob: (template images by URL, uploads previewed from blobs).
 * - object-src 'none', base-uri 'none', frame-ancestors 'none' (no clickjacking), form-action 'self'.
 */
export function contentSecurityPolicy({ nonce, dev = false, https = false }: CspOptions): string {
  const directives: string[] = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self' blob: https:",
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** API responses are data, never documents: nothing may run or be framed if one is opened. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** Headers for every response (next.config.ts `headers()`), pages and API alike. */
export const COMMON_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

/** Sent only when the request came over HTTPS (two years, subdomains). */
export const HSTS_HEADER = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };
