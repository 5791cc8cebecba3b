import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors/app-error';
import { clientAddress } from '@/lib/http/client-address';
import { defaultLocale } from '@/lib/i18n/locales';
import { sessionSecrets } from '@/lib/crypto/secret';
import { loginRefusalOf, type LoginRefusal } from './login-refusal';
import { loginSchema } from './schema';
import { twoFactorLoginSchema } from '@/lib/auth/two-factor/schema';
import { completeTwoFactorLogin } from '@/lib/auth/two-factor/second-step';
import { login } from './login';
import { type SignedInUser } from './signed-in-user';
import { markSessionEnded } from './session-ended-mark';
import { canWriteSessionCookie, nextSessionJwt, withReplacedAccessToken, type StarloopJwt } from './session-jwt';

// Re-exported: the refresh margin's home is session-jwt.ts (next-auth free, tested directly).
export { REFRESH_MARGIN_SECONDS } from './session-jwt';

class LoginRefused extends CredentialsSignin {
  /** Seconds until the next attempt is allowed (rate limited only); read by the login action. */
  retryAfter?: number;
  constructor(refusal: LoginRefusal) {
    super();
    this.code = refusal.code;
    this.retryAfter = refusal.retryAfter;
    this.challenge = refusal.challenge;
  }
  /** The second step's challenge (two_factor_required); read by the login action. */
  challenge?: string;
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


/**
 * The browser session: Auth.js keeps our token service's pair in its encrypted cookie and
 * refreshes it through the same service, so the browser and API clients share one source of
 * truth for tokens.
 */
export const { handlers, auth, signIn, signOut, unstable_update: updateSession } = NextAuth({
  trustHost: true,
  secret: sessionSecrets(),
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      credentials: { email: {}, password: {}, challenge: {}, code: {} },
      async authorize(raw, request) {
        // The second step (a challenge and a code) or the first (e-mail and password).
        const isSecondStep = !!raw && typeof raw.challenge === 'string' && raw.challenge !== '';
        const secondStep = isSecondStep ? twoFactorLoginSchema.safeParse(raw) : null;
        const firstStep = isSecondStep ? null : loginSchema.safeParse(raw);
        if (!secondStep?.success && !firstStep?.success) throw new LoginRefused({ code: 'invalid_input' });
        try {
          const db = await getDb();
          const ctx = { db, locale: defaultLocale, now: () => new Date(), ip: clientAddress(request?.headers) };
          // The same services as /api/user/login and /api/user/login/twoFactor: one rate limit for both paths.
          const result = secondStep?.success ? await completeTwoFactorLogin(ctx, secondStep.data) : firstStep?.success ? await login(ctx, firstStep.data) : null;
          if (!result) throw new LoginRefused({ code: 'invalid_input' });
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
          if (error instanceof AppError) throw new LoginRefused(loginRefusalOf(error));
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
      // A changed password hands the asking session its new access token (lib/auth/actions.ts).
      const update = trigger === 'update' ? (session as { refreshWithin?: unknown; accessToken?: unknown } | undefined) : undefined;
      if (update?.accessToken !== undefined) return (await withReplacedAccessToken(jwt, update.accessToken)) ?? jwt;
      // The browser's periodic check (POST /api/session/refresh) asks for a wider margin.
      const requested = update ? Number(update.refreshWithin) : undefined;
      const next = await nextSessionJwt(jwt, requested, new Date(), canWriteSessionCookie(trigger));
      if (!next && jwt.refreshToken) await markSessionEnded();
      return next;
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
