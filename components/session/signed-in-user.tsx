'use client';

import { createContext, useContext } from 'react';
import type { SignedInUser } from '@/lib/auth/signed-in-user';

export const SignedInUserContext = createContext<SignedInUser | null>(null);

/**
 * The signed-in user state of spec section 3 (menus, permissions, userName, email, userId,
 * merchantId, avatar) in any client component under the signed-in layout.
 */
export function useSignedInUser(): SignedInUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser() outside <SessionKeeper>');
  return user;
}

/** The same, or null outside the signed-in layout (shared components). */
export function useOptionalSignedInUser(): SignedInUser | null {
  return useContext(SignedInUserContext);
}
