import { absoluteUrl } from '@/lib/app-url';

/** Where Google's OAuth and Business Profile endpoints live; tests point them at a loopback server. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
  accountsApi: string;
  locationsApi: string;
  reviewsApi: string;
  redirectUri: string;
}

export const GBP_SCOPE = 'https://www.googleapis.com/auth/business.manage';

/** The configured Google provider, or null: then the sandbox provider is offered instead. */
export function googleConfig(env: NodeJS.ProcessEnv = process.env): GoogleConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  // GOOGLE_API_BASE replaces all three API hosts at once (a test server); each may be set alone.
  const base = env.GOOGLE_API_BASE?.replace(/\/$/, '');
  return {
    clientId,
    clientSecret,
    authUrl: env.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    revokeUrl: env.GOOGLE_REVOKE_URL ?? (base ? null : 'https://oauth2.googleapis.com/revoke'),
    accountsApi: env.GOOGLE_ACCOUNTS_API ?? (base ? `${base}/v1` : 'https://mybusinessaccountmanagement.googleapis.com/v1'),
    locationsApi: env.GOOGLE_LOCATIONS_API ?? (base ? `${base}/v1` : 'https://mybusinessbusinessinformation.googleapis.com/v1'),
    reviewsApi: env.GOOGLE_REVIEWS_API ?? (base ? `${base}/v4` : 'https://mybusiness.googleapis.com/v4'),
    redirectUri: env.GOOGLE_REDIRECT_URI ?? absoluteUrl('/api/sources/google/callback', env),
  };
}
