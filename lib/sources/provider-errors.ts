import { AppError } from '@/lib/errors/app-error';
import { ProviderError, RevokedGrantError } from '@/lib/gbp/types';

/** Provider failures become translated refusals (spec section 8), never a 500. */
export async function providerCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toAppError(error);
  }
}

export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof RevokedGrantError) return new AppError('CONFLICT', 'sources.errors.revoked');
  if (error instanceof ProviderError) {
    if (error.status === 404) return new AppError('NOT_FOUND', 'sources.errors.providerNotFound');
    // The provider refused what the client sent (a bad page token, say): the client's 400, not a 502.
    if (error.status === 400) return new AppError('BAD_REQUEST', 'errors.http.400');
    if (error.status === 429) return new AppError('TOO_MANY_REQUESTS', 'sources.errors.quota');
    if (error.status === 403) return new AppError('FORBIDDEN', 'sources.errors.providerForbidden');
    return new AppError('BAD_GATEWAY', 'sources.errors.providerFailed');
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return new AppError('GATEWAY_TIMEOUT', 'sources.errors.providerFailed');
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return new AppError('BAD_GATEWAY', 'sources.errors.providerFailed');
  return error;
}
