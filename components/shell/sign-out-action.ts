'use server';

import { signOut } from '@/lib/auth/auth';
import { revokeSessionRefreshToken } from '@/lib/auth/session-token';

/**
 * Log out from the user menu and the settings page: revokes this browser's refresh token family
 * (accounts), clears the Auth.js session cookie and goes to /login.
 */
export async function signOutAction(): Promise<void> {
  await revokeSessionRefreshToken().catch(() => undefined);
  await signOut({ redirectTo: '/login' });
}
