/** Whose session a page sees, small enough for the signed-in shell's first load (session-watch.ts loads after it). */

/** The user id a message announces: a number, null (signed out), or undefined (not ours). */
export function announcedUser(data: unknown): number | null | undefined {
  if (!data || typeof data !== 'object' || !('userId' in data)) return undefined;
  const { userId } = data as { userId: unknown };
  return userId === null || (typeof userId === 'number' && Number.isInteger(userId)) ? userId : undefined;
}

/** True when the session's user (null: none) is not the one the page was rendered for. */
export function sessionChanged(pageUserId: number, sessionUserId: number | null | undefined): boolean {
  return sessionUserId !== undefined && sessionUserId !== pageUserId;
}
