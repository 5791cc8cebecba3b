import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDatabase } from '@/lib/db/prepared';
import { refreshTokens, users } from '@/db/schema/users';
import { merchants } from '@/db/schema/merchants';
import { type AccessClaims } from './tokens';

/** The signed-in user state of spec section 3. */
export interface SignedInUser {
  userId: number;
  merchantId: number;
  userName: string;
  email: string;
  avatar: string | null;
  permissions: string[];
  menus: string[];
  merchantName: string;
}

export const MAIN_MENUS = ['dashboard', 'reviews', 'sources', 'campaigns', 'inbox', 'contacts', 'locations', 'posts'];

export async function loadSignedInUser(db: Db, userId: number): Promise<SignedInUser | null> {
  const [row] = await signedInUserQuery(db).execute({ userId, familyId: null });
  return row ? toSignedInUser(row) : null;
}

/**
 * The user an access token speaks for, read again (one prepared query): null when the user is
 * gone, moved merchant, ended its sessions since the token was issued (password reset or
 * change, "sign out everywhere": the user's session epoch moved past the token's), or when the
 * token's sign-in (claim `sid`) was revoked (signed out, refresh token reuse, lifetime over).
 */
export async function loadTokenUser(db: Db, claims: AccessClaims): Promise<SignedInUser | null> {
  const [row] = await signedInUserQuery(db).execute({ userId: claims.userId, familyId: claims.familyId });
  if (!row || row.merchantId !== claims.merchantId || row.sessionEpoch !== claims.sessionEpoch || !row.signInLive) return null;
  return toSignedInUser(row);
}

function toSignedInUser(row: SignedInUserRow): SignedInUser {
  const { sessionEpoch: _epoch, signInLive: _live, ...user } = row;
  void _epoch;
  void _live;
  return { ...user, permissions: user.permissions ?? [], menus: MAIN_MENUS };
}

const familyIdParam = sql`${sql.placeholder('familyId')}::text`;

type SignedInUserRow = Awaited<ReturnType<ReturnType<typeof signedInUserQuery>['execute']>>[number];

// Every API request and page reads its user: prepared once per database (lib/db/prepared.ts).
const signedInUserQuery = perDatabase((db) =>
  db
    .select({
      userId: users.id,
      merchantId: users.merchantId,
      userName: users.name,
      email: users.email,
      avatar: users.avatar,
      permissions: users.permissions,
      merchantName: merchants.name,
      sessionEpoch: users.sessionEpoch,
      // The token's sign-in still has a live refresh token (true without a sign-in: tokens
      // without `sid`); in this query, so a request still costs one round trip.
      signInLive: sql<boolean>`(${familyIdParam} is null or exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyIdParam} and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null))`,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('signed_in_user'),
);
