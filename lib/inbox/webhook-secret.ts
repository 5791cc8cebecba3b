import crypto from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { setting } from '@/lib/config/settings';

/**
 * The secret an inbound-parse service presents, from the Authorization header only: `Bearer
 * <secret>`, or Basic with the secret as the password, which is what a service that cannot set
 * headers sends for a URL with user info (https://inbound:<secret>@host/api/webhooks/email/inbound).
 * Never from the query string: URLs end up in access logs, proxies and the provider's dashboard.
 */
export function inboundSecretOf(header: string | null): string | null {
  const value = header?.trim() ?? '';
  const bearer = /^bearer\s+(.+)$/i.exec(value);
  if (bearer) return bearer[1].trim();
  const basic = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : null;
}

/** Without INBOUND_EMAIL_SECRET the webhook is off; a wrong or missing secret is a 401. */
export function assertInboundSecret(request: Request): void {
  const secret = setting('inboundEmailSecret');
  const given = Buffer.from(inboundSecretOf(request.headers.get('authorization')) ?? '');
  const expected = Buffer.from(secret);
  if (!secret || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED', 'errors.badSecret');
}
