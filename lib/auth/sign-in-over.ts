import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { signIn } from './auth';
import { readSessionRefreshToken } from './session-token';
import { revokeRefreshToken } from './token-pairs';

type Credentials = { email: string; password: string } | { challenge: string; code: string };

/**
 * Signs the browser in (the credentials provider) and lands on `redirectTo`. A sign-in the
 * browser already held ends once the new one succeeded: its refresh token family is revoked, so
 * its access tokens stop at once (every tab; the pages say so first, components/session/
 * signed-in-notice.tsx). Refusals throw Auth.js's AuthError as signIn does.
 */
export async function signInOver(credentials: Credentials, redirectTo: string): Promise<never> {
  const previous = await readSessionRefreshToken().catch(() => null);
  const landing = await signIn('credentials', { ...credentials, redirect: false, redirectTo });
  if (previous) await revokeRefreshToken(await getDb(), previous, new Date()).catch(() => undefined);
  redirect(landing);
}
