import crypto from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { bearerFrom } from '@/lib/http/bearer';
import { setting } from '@/lib/config/settings';

/**
 * Routes for a platform scheduler (`Authorization: Bearer $CRON_SECRET`). Without a configured
 * secret they are off: every call answers 401.
 */
export function assertCronSecret(request: Request): void {
  const secret = setting('cronSecret');
  const given = Buffer.from(bearerFrom(request.headers.get('authorization')) ?? '');
  const expected = Buffer.from(secret);
  if (!secret || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED', 'errors.badSecret');
}
