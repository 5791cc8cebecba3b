/**
 * The one declared list of pages reachable without signing in. API routes decide for themselves
 * (each route's `auth` option), so the proxy never guards /api.
 */
export const PUBLIC_PAGE_PREFIXES = ['/login', '/portal', '/privacy', '/terms', '/no-permission', '/u/', '/p/', '/dev/mailbox', '/r/', '/review/'] as const;

/** API paths answered without a token (spec section 7), relative to /api. */
export const PUBLIC_API_PATHS = [
  '/user/login',
  // The sign-in's second step: the password step's signed challenge is the proof.
  '/user/login/twoFactor',
  '/user/register',
  '/user/emailValidate',
  '/user/sendEmailCode',
  '/user/validateEmailCode',
  '/user/refresh',
  // Forgot password: the e-mail (same answer whether it signs in anywhere), then the link's token.
  '/user/password/forgot',
  '/user/password/reset',
  '/merchant/register',
  // The service e-mail's confirmation link (its token is the proof).
  '/merchant/serviceEmail/confirm',
  // A team invitation's link: its token is the proof (read it, then accept it with a name and password).
  '/user/invitation',
  '/user/invitation/accept',
  // Signing out by refresh token never needs an access token (it may have expired).
  '/user/logout',
  // Public files only (published post images, images a sent e-mail shows); private ones still 404.
  '/aws/s3/{module}/view',
  // Public post reads (spec section 6): everything under /post/; /admin/post/ needs a token.
  '/post/',
  // A contact's own opt-in/opt-out by its unguessable token (the /u/ page, List-Unsubscribe one-click).
  '/member/public/',
  // The review sync for a platform scheduler; it checks CRON_SECRET itself.
  '/cron/sync-reviews',
  // The sending engine's round for a platform scheduler (CRON_SECRET, checked by the route).
  '/cron/dispatch',
  // Liveness and readiness for load balancers and orchestrators: no data (docs/api.md).
  '/health',
  '/ready',
  // The Prometheus scrape: METRICS_TOKEN, checked by the route (404 while unset).
  '/metrics',
  // E-mail open pixels and click redirects: signed per delivery, no session.
  '/t/',
  // Twilio's status and inbound webhooks (X-Twilio-Signature) and the inbound e-mail webhook
  // (INBOUND_EMAIL_SECRET), each checked by its route.
  '/webhooks/',
] as const;

export function isPublicPage(pathname: string): boolean {
  return pathname === '/' ? false : PUBLIC_PAGE_PREFIXES.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`));
}
