import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/api/app-error';
import { defaultLocale } from '@/lib/i18n/locales';
import { authSecret } from './secret';
import { loginSchema } from './schema';
import { isRefreshTokenLive, loadSignedInUser, login, refreshTokenPair, type SignedInUser } from './service';

/** Refresh the access token when it expires within this many seconds (spec section 9). */
export const REFRESH_MARGIN_SECONDS = 60;

class LoginRefused extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

declare module 'next-auth' {
  interface Session {
    accessToken?: string;
    accessTokenExpires?: number;
    error?: 'RefreshFailed';
    account?: SignedInUser;
  }
  interface User {
    accessToken?: string;
    refreshToken?: string;
    accessTokenExpires?: number;
    account?: SignedInUser;
  }
}

interface StarloopJwt {
  accessToken?: string;
  refreshToken?: string;
  accessTokenExpires?: number;
  account?: SignedInUser;
  error?: 'RefreshFailed';
}

/**
 * The browser session: Auth.js keeps our token service's pair in its encrypted cookie and
 * refreshes it through the same service, so the browser and API clients share one source of
 * truth for tokens.
 */
export const { handlers, auth, signIn, signOut, unstable_update: updateSession } = NextAuth({
  trustHost: true,
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = loginSchema.safeParse(raw);
        if (!parsed.success) throw new LoginRefused('invalid_input');
        try {
          const db = await getDb();
          // The same login service as /api/user/login, so both paths share one rate limit.
          const result = await login({ db, locale: defaultLocale, now: () => new Date(), ip: clientIpOf(request) }, parsed.data);
          return {
            id: String(result.user.userId),
            email: result.user.email,
            name: result.user.userName,
            accessToken: result.accessToken,
            refreshToken: result.refreshToken,
            accessTokenExpires: result.expiresAt,
            account: result.user,
          };
        } catch (error) {
          if (error instanceof AppError) throw new LoginRefused(error.code === 'TOO_MANY_REQUESTS' ? 'rate_limited' : 'bad_credentials');
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      const jwt = token as typeof token & StarloopJwt;
      if (user) {
        return { ...token, accessToken: user.accessToken, refreshToken: user.refreshToken, accessTokenExpires: user.accessTokenExpires, account: user.account, error: undefined };
      }
      if (jwt.error || !jwt.refreshToken || !jwt.accessTokenExpires) return token;
      // A signed-out (revoked) or deleted session ends here, even if a request that was in flight
      // during sign-out wrote the old cookie back: null makes Auth.js clear the cookie.
      if (!(await isRefreshTokenLive(await getDb(), jwt.refreshToken))) return null;
      // The browser's periodic check (POST /api/session/refresh) asks for a wider margin.
      const requested = trigger === 'update' ? Number((session as { refreshWithin?: unknown } | undefined)?.refreshWithin) : NaN;
      const margin = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 3600) : REFRESH_MARGIN_SECONDS;
      if (jwt.accessTokenExpires - Date.now() / 1000 > margin) return token;
      try {
        const db = await getDb();
        const pair = await refreshTokenPair({ db, locale: defaultLocale, now: () => new Date() }, jwt.refreshToken);
        const account = (await loadSignedInUser(db, Number(token.sub ?? jwt.account?.userId))) ?? undefined;
        if (!account) return { ...token, error: 'RefreshFailed' as const };
        return { ...token, accessToken: pair.accessToken, refreshToken: pair.refreshToken, accessTokenExpires: pair.expiresAt, account };
      } catch {
        return { ...token, error: 'RefreshFailed' as const };
      }
    },
    async session({ session, token }) {
      const jwt = token as typeof token & StarloopJwt;
      session.accessToken = jwt.accessToken;
      session.accessTokenExpires = jwt.accessTokenExpires;
      session.account = jwt.account;
      session.error = jwt.error;
      return session;
    },
  },
});

function clientIpOf(request: Request | undefined): string | undefined {
  const forwarded = request?.headers.get('x-forwarded-for');
  return forwarded?.split(',')[0]?.trim() || request?.headers.get('x-real-ip') || undefined;
}
