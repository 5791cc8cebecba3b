import { z } from 'zod';

/** The contact's own consent token in a public address (/u/{token}, /api/member/public/{token}). */
export const publicTokenParams = z.object({ token: z.string().min(1).max(100) });

/**
 * Whether a token can be put back into an address: a lone UTF-16 surrogate (a hostile path
 * segment) makes encodeURIComponent throw. Such a token is no token of ours: unknown, like any other.
 */
export function isEncodableToken(token: string): boolean {
  return !/[\uD800-\uDFFF]/u.test(token);
}
