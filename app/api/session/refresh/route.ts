import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { isSameOrigin } from '@/lib/api/authenticate';
import { route } from '@/lib/api/route';
import type { Session } from 'next-auth';
import { auth, signOut, updateSession } from '@/lib/auth/auth';

const body = z.object({
  refreshWithin: z.number().int().min(0).max(3600).optional(),
  // Only whose session this is: a tab back in front checks it was not switched (components/session/session-watch.ts).
  identifyOnly: z.literal(true).optional(),
});

/**
 * The browser session's refresh (components/session/session-keeper.tsx): runs Auth.js's jwt
 * callback with trigger "update", which refreshes through our token service when the access
 * token expires within `refreshWithin` seconds, and rewrites the session cookie. A failed
 * refresh clears the cookie and answers 401, and the page goes to /login. Both answer the
 * session's user id; `identifyOnly` answers only that (null without a session), writing no
 * cookie, so a rewrite cannot race a refresh elsewhere.
 */
export const POST = route({ auth: 'public', body }, async (_ctx, { body, request }) => {
  // The cookie rides on any request to this origin; only our own pages may rotate it.
  if (request.method !== 'POST' || !isSameOrigin(request)) throw new AppError('FORBIDDEN');
  const current = await auth();
  if (body.identifyOnly) return { userId: sessionUserId(current) };
  if (!current?.accessToken || current.error) throw await expired();
  const session = await updateSession({ refreshWithin: body.refreshWithin ?? 15 * 60 } as never);
  if (!session?.accessToken || session.error) throw await expired();
  return { accessTokenExpires: session.accessTokenExpires ?? null, userId: sessionUserId(session) };
});

function sessionUserId(session: Session | null): number | null {
  return session?.accessToken && !session.error ? (session.account?.userId ?? null) : null;
}

async function expired(): Promise<AppError> {
  await signOut({ redirect: false }).catch(() => undefined);
  return new AppError('UNAUTHORIZED', 'errors.auth.refreshExpired');
}

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
