import crypto from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { bearerFrom } from '@/lib/http/bearer';

/**
 * Routes for a platform scheduler (`Authorization: Bearer $CRON_SECRET`). Without a configured
 * secret they are off: every call answers 401.
 */
export function assertCronSecret(request: Request): void {
  const secret = process.env.CRON_SECRET ?? '';
  const given = Buffer.from(bearerFrom(request.headers.get('authorization')) ?? '');
  const expected = Buffer.from(secret);
  if (!secret || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED');
}
