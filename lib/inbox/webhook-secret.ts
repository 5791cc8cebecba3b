import crypto from 'node:crypto';
import { AppError } from '@/lib/api/app-error';
import { bearerFrom } from '@/lib/auth/tokens';

/**
 * Inbound-parse services post to a URL: the secret may come as a bearer header or, for services
 * that cannot set headers, as `?key=`. Without INBOUND_EMAIL_SECRET the webhook is off.
 */
export function assertInboundSecret(request: Request): void {
  const secret = process.env.INBOUND_EMAIL_SECRET ?? '';
  const given = Buffer.from(bearerFrom(request.headers.get('authorization')) ?? new URL(request.url).searchParams.get('key') ?? '');
  const expected = Buffer.from(secret);
  if (!secret || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED');
}
