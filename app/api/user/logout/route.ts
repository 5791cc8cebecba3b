import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { revokeRefreshToken } from '@/lib/auth/token-pairs';
import { bearerFrom } from '@/lib/http/bearer';

const body = z.object({ refreshToken: z.string().max(4096).optional() });

/**
 * Revokes the refresh token's whole family (bearer header or body.refreshToken). Answers 200
 * for an unknown token too: signing out never fails. Access tokens expire within 15 minutes.
 */
export const POST = route({ auth: 'public', body }, async (ctx, { body, request }) => {
  const token = body.refreshToken || bearerFrom(request.headers.get('authorization'));
  if (token) await revokeRefreshToken(ctx.db, token, ctx.now());
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
