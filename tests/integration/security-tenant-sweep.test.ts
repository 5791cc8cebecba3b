import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { apiEndpoints, endpointOf, fillPath, serverActionModules, type Endpoint, type ServerActionModule } from '@/tests/fixtures/inventory';
import { buildTenantWorld, tenantFingerprint, type TenantWorld } from '@/tests/fixtures/tenant-world';
import { PUBLIC_API_PATHS } from '@/lib/auth/public-paths';
import { templates } from '@/db/schema/templates';
import { campaigns } from '@/db/schema/campaigns';

/**
 * Issue 11, item 1: every /api route and every server action, found on the file system, is
 * called with merchant A's session against merchant B's real ids (404, B's rows unchanged), and
 * without a session (401 unless on PUBLIC below); a trial account cannot customise.
 *
 * Server actions read the session from the Auth.js cookie through auth(); outside a request there
 * is no cookie, so auth() is replaced by one answering the access token of the merchant acting
 * (a real signed token, verified and its user loaded from the database as in production).
 */
const session = vi.hoisted(() => ({ token: null as string | null }));
vi.mock('@/lib/auth/auth', () => ({
  auth: async () => (session.token ? { accessToken: session.token } : null),
  signIn: async () => {
    throw new Error('signIn is not used by the sweep');
  },
  signOut: async () => undefined,
  updateSession: async () => null,
  handlers: { GET: async () => new Response(null, { status: 404 }), POST: async () => new Response(null, { status: 404 }) },
  REFRESH_MARGIN_SECONDS: 60,
}));
// next-auth's package entry imports next/server, which Vitest cannot resolve outside Next.
vi.mock('next-auth', () => ({ AuthError: class AuthError extends Error {} }));
vi.mock('next-auth/jwt', () => ({ getToken: async () => null }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
  headers: async () => new Headers({ 'accept-language': 'en-US', host: 'localhost', origin: 'http://localhost' }),
}));

const t = setupTestDatabase();

/** Routes answered without a token, each with the reason. Everything else must answer 401. */
const PUBLIC: Record<string, string> = {
  'GET /auth/[...nextauth]': 'Auth.js sign-in flow (CSRF token, callbacks); it owns its own checks',
  'POST /auth/[...nextauth]': 'Auth.js sign-in flow (credentials post with its CSRF token)',
  'GET /aws/s3/[module]/view': 'public files (published post images, e-mail images); private files still 404',
  'POST /cron/dispatch': 'platform scheduler; checks CRON_SECRET itself (off without one)',
  'POST /cron/sync-reviews': 'platform scheduler; checks CRON_SECRET itself (off without one)',
  'GET /health': 'liveness for load balancers: no database, no data',
  'GET /ready': 'readiness for load balancers: names of failed checks only, no data',
  'GET /metrics': 'Prometheus scrape; checks METRICS_TOKEN itself (404 while unset), operator figures only',
  'POST /member/public/[token]/consent': "a contact's own opt-in/opt-out by its unguessable token (RFC 8058 one-click)",
  'GET /member/public/[token]/consent': 'the List-Unsubscribe address opened by a person: a redirect to the /u/ page, no change',
  'GET /member/public/[token]': "a contact's own consent page by its unguessable token",
  'POST /merchant/register': 'registration step, proven by the e-mail verification token',
  'POST /merchant/serviceEmail/confirm': 'the e-mailed confirmation link, proven by its token',
  'GET /post/[id]': 'published articles are public (spec section 6)',
  'GET /post/list': 'published articles are public (spec section 6)',
  'POST /session/refresh': 'rotates the browser session cookie; same-origin only, 401 without a session',
  'GET /t/c/[id]': 'e-mail click redirect, signed per delivery',
  'GET /t/o/[id]/[sig]': 'e-mail open pixel, signed per delivery',
  'POST /user/emailValidate': 'registration: is the e-mail free',
  'POST /user/login': 'sign-in',
  'POST /user/login/twoFactor': "sign-in's second step, proven by the password step's signed challenge (rate limited)",
  'POST /user/logout': 'sign-out by refresh token; never fails',
  'POST /user/refresh': 'the refresh token is the credential',
  'POST /user/password/forgot': 'forgot password: the same answer for any e-mail (rate limited)',
  'POST /user/password/reset': "the e-mailed reset link, proven by its token (single use)",
  'POST /user/register': 'registration, proven by the verification token',
  'POST /user/sendEmailCode': 'registration code (rate limited)',
  'POST /user/validateEmailCode': 'registration code check',
  'POST /user/invitation': "a team invitation's link, proven by its token",
  'POST /user/invitation/accept': "a team invitation's link, proven by its token (single use)",
  'POST /webhooks/email/inbound': 'inbound mail; checks INBOUND_EMAIL_SECRET',
  'POST /webhooks/twilio/inbound': 'Twilio; checks X-Twilio-Signature',
  'POST /webhooks/twilio/status': 'Twilio; checks X-Twilio-Signature',
};

interface RouteCase {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * 404: B's id in the path, refused 404. asMissing: B's id referenced in the body, refused exactly
   * like the same call with an id that does not exist (`missing`). own: no id of B's; the answer
   * shows none of B's data.
   */
  expect: 404 | 'asMissing' | 'own' | 'skip';
  missing?: Pick<RouteCase, 'params' | 'query' | 'body'>;
  why?: string;
}

const post = { title: 'x', locale: 'en-US' };
const template = { templateName: 'x', type: 0, subject: 's', content: '<p>x {{optoutLink}}</p>' };
const contact = { firstName: 'Xa', lastName: 'Ya', email: 'xa@example.com' };
const place = { locationName: 'X', address: '1 Rd', city: 'C', state: 'S', country: 'US', zipCode: '62701' };
const review = (locationId: number) => ({ site: 'tripadvisor', locationId, reviewerName: 'R', rating: 5, reviewDate: '2026-01-01' });
/** An id no row has. */
const NONE = 2_000_000_000;
const campaignOf = (locationId: number, templateId: number) => ({ campaignName: 'x', campaignChannel: 0, locationId, templateId });

/** One case per route and method; a route without one fails the sweep. */
function routeCases(a: TenantWorld, b: TenantWorld): Record<string, RouteCase[]> {
  const id = (n: number) => ({ id: String(n) });
  const bi = b.ids;
  const ai = a.ids;
  return {
    'GET /admin/post/[id]': [{ params: id(bi.post), expect: 404 }],
    'PUT /admin/post/[id]': [{ params: id(bi.post), body: post, expect: 404 }],
    'DELETE /admin/post/[id]': [{ params: id(bi.post), expect: 404 }],
    'POST /admin/post/[id]/publish': [{ params: id(bi.post), expect: 404 }],
    'POST /admin/post/[id]/unpublish': [{ params: id(bi.post), expect: 404 }],
    'GET /admin/post': [{ expect: 'own' }],
    'POST /billing/upgrade-request': [{ body: { plan: 'standard' }, expect: 'own' }],
    'POST /admin/post': [{ body: post, expect: 'own' }],
    'GET /auth/[...nextauth]': [{ expect: 'skip', why: 'Auth.js handler, no tenant rows' }],
    'POST /auth/[...nextauth]': [{ expect: 'skip', why: 'Auth.js handler, no tenant rows' }],
    'POST /aws/s3/[module]/upload': [{ params: { module: 'campaign' }, expect: 'own' }],
    'GET /aws/s3/[module]/view': [{ params: { module: 'campaign' }, query: { id: String(bi.file) }, expect: 404 }],
    'GET /aws/s3/download': [{ query: { key: bi.fileKey }, expect: 404 }],
    'POST /campaign/[id]/pause': [{ params: id(bi.sendingCampaign), expect: 404 }],
    'POST /campaign/[id]/resume': [{ params: id(bi.sendingCampaign), expect: 404 }],
    'POST /campaign/[id]/revert': [{ params: id(bi.campaign), expect: 404 }],
    'POST /campaign/[id]/schedule': [{ params: id(bi.campaign), expect: 404 }],
    'POST /campaign/[id]/send': [{ params: id(bi.campaign), expect: 404 }],
    'POST /campaign/[id]/stop': [{ params: id(bi.sendingCampaign), expect: 404 }],
    'GET /campaign/[id]': [{ params: id(bi.campaign), expect: 404 }],
    'DELETE /campaign/[id]': [{ params: id(bi.campaign), expect: 404 }],
    'GET /campaign/members/snapshot/[snapshotId]': [{ params: { snapshotId: String(bi.snapshot) }, expect: 404 }],
    'POST /campaign/members/snapshot': [{ body: { locationId: bi.location, campaignChannel: 0 }, expect: 404 }],
    'POST /campaign': [
      { body: campaignOf(bi.location, ai.emailTemplate), expect: 404 },
      { body: campaignOf(ai.location, bi.emailTemplate), expect: 404 },
    ],
    'GET /campaign': [{ expect: 'own' }],
    'PUT /campaign': [
      { body: { campaignId: bi.campaign, ...campaignOf(ai.location, ai.emailTemplate) }, expect: 404 },
      { body: { campaignId: ai.campaign, ...campaignOf(bi.location, ai.emailTemplate) }, expect: 404 },
    ],
    'GET /campaign/template/[id]': [{ params: id(bi.emailTemplate), expect: 404 }],
    'PUT /campaign/template/[id]': [{ params: id(bi.emailTemplate), body: template, expect: 404 }],
    'DELETE /campaign/template/[id]': [{ params: id(bi.emailTemplate), expect: 404 }],
    'GET /campaign/template': [{ expect: 'own' }],
    'POST /campaign/template': [{ body: template, expect: 'own' }],
    'POST /cron/dispatch': [{ expect: 'skip', why: 'public, secret-guarded; covered by the unauthenticated sweep' }],
    'POST /cron/sync-reviews': [{ expect: 'skip', why: 'public, secret-guarded; covered by the unauthenticated sweep' }],
    'GET /health': [{ expect: 'skip', why: 'public liveness, no tenant rows' }],
    'GET /ready': [{ expect: 'skip', why: 'public readiness, no tenant rows' }],
    'GET /metrics': [{ expect: 'skip', why: 'public, token-guarded scrape; no tenant rows' }],
    'GET /dashboard': [{ expect: 'own' }, { query: { locationId: String(bi.location) }, expect: 'own' }],
    'GET /dashboard/employees': [{ expect: 'own' }, { query: { locationId: String(bi.location) }, expect: 404 }],
    'GET /dashboard/sendingRates': [{ expect: 'own' }],
    'GET /merchant/reviewLink': [{ query: { locationId: String(bi.location) }, expect: 404 }],
    'POST /merchant/reviewLink': [{ body: { locationId: bi.location }, expect: 'asMissing', missing: { body: { locationId: NONE } } }],
    'PUT /merchant/reviewLink/status': [{ body: { id: bi.reviewLink, enabled: false }, expect: 404 }],
    'GET /merchant/reviewLink/[id]/card': [{ params: id(bi.reviewLink), query: { format: 'png' }, expect: 404 }],
    'PUT /inbox/conversations/[id]/processed': [{ params: id(bi.conversation), body: { processed: true }, expect: 404 }],
    'POST /inbox/conversations/[id]/read': [{ params: id(bi.conversation), expect: 404 }],
    'POST /inbox/conversations/[id]/reply': [{ params: id(bi.conversation), body: { channel: 'email', text: 'hi' }, expect: 404 }],
    'GET /inbox/conversations/[id]': [{ params: id(bi.conversation), expect: 404 }],
    'GET /inbox/conversations': [{ expect: 'own' }, { query: { keyword: b.marker }, expect: 'own' }],
    'GET /inbox/version': [{ expect: 'own' }],
    'POST /member/[id]/consent': [{ params: id(bi.contact), body: { channel: 'email', action: 'optout' }, expect: 404 }],
    'GET /member/[id]': [{ params: id(bi.contact), expect: 404 }],
    'PUT /member/[id]': [
      { params: id(bi.contact), body: contact, expect: 404 },
      { params: id(ai.contact), body: { ...contact, locationId: bi.location }, expect: 'asMissing', missing: { params: id(ai.contact), body: { ...contact, locationId: NONE } } },
    ],
    'DELETE /member/[id]': [{ params: id(bi.contact), expect: 404 }],
    'POST /member/batch-delete': [{ body: { ids: [bi.contact, bi.contact2] }, expect: 'own', why: 'ids of other merchants are ignored' }],
    'GET /member/export': [{ query: { format: 'csv' }, expect: 'own' }],
    'GET /member/fields': [{ expect: 'own' }],
    'POST /member/import/preview': [{ expect: 'own' }],
    'POST /member/import/check': [{ expect: 'own' }],
    'POST /member/import': [{ expect: 'own' }],
    'GET /member/import/sample': [{ expect: 'own' }],
    'POST /member/public/[token]/consent': [{ expect: 'skip', why: 'addressed by the contact token, not by a merchant' }],
    'GET /member/public/[token]/consent': [{ expect: 'skip', why: 'addressed by the contact token, not by a merchant' }],
    'GET /member/public/[token]': [{ expect: 'skip', why: 'addressed by the contact token, not by a merchant' }],
    'POST /member/quick': [{ body: { name: 'Xa Ya', email: 'q@example.com', locationId: bi.location }, expect: 'asMissing', missing: { body: { name: 'Xa Ya', email: 'q@example.com', locationId: NONE } } }],
    'GET /member': [{ expect: 'own' }, { query: { keyword: b.marker }, expect: 'own' }, { query: { locationId: String(bi.location) }, expect: 'own' }],
    'POST /member': [{ body: { ...contact, locationId: bi.location }, expect: 'asMissing', missing: { body: { ...contact, locationId: NONE } } }],
    'GET /merchant/location/[id]': [{ params: id(bi.location), expect: 404 }],
    'DELETE /merchant/location/[id]': [{ params: id(bi.location), expect: 404 }],
    'PUT /merchant/location/[id]/status': [{ params: id(bi.location), query: { status: '0' }, expect: 404 }],
    'GET /merchant/location/enabled': [{ expect: 'own' }],
    'GET /merchant/location/page': [{ expect: 'own' }, { query: { keyword: b.marker }, expect: 'own' }],
    'POST /merchant/location': [{ body: place, expect: 'own' }],
    'PUT /merchant/location': [{ body: { locationId: bi.location, ...place }, expect: 404 }],
    'POST /merchant/phone/sendCode': [{ expect: 'own' }],
    'POST /merchant/phone/verify': [{ expect: 'own' }],
    'GET /merchant/profile': [{ expect: 'own' }],
    'PUT /merchant/profile': [{ expect: 'own' }],
    'POST /merchant/register': [{ expect: 'skip', why: 'public, proven by a verification token' }],
    'POST /merchant/serviceEmail/confirm': [{ expect: 'skip', why: 'public, proven by the link token' }],
    'PUT /merchant/serviceEmail': [{ expect: 'own' }],
    'POST /merchant/serviceEmail/sendVerification': [{ expect: 'own' }],
    'GET /merchant/serviceEmail/status': [{ expect: 'own' }],
    'GET /merchant/serviceEmail/deliverability': [{ expect: 'own' }],
    'POST /merchant/serviceEmail/deliverability': [{ expect: 'own' }],
    'POST /merchant/serviceEmail/deliverability/rotateKey': [{ expect: 'own' }],
    'GET /merchant/team': [{ expect: 'own' }],
    'POST /merchant/team/invitation': [{ body: { email: 'sweep-invite@example.com' }, expect: 'own' }],
    'DELETE /merchant/team/invitation/[id]': [{ params: id(bi.invitation), expect: 404 }],
    'POST /merchant/team/invitation/[id]/resend': [{ params: id(bi.invitation), expect: 404 }],
    'DELETE /merchant/team/member/[id]': [{ params: id(bi.teamMember), expect: 404 }, { params: id(b.merchant.userId), expect: 404 }],
    'PUT /merchant/team/member/[id]/permission': [{ params: id(bi.teamMember), body: { canManagePosts: true }, expect: 404 }],
    'POST /merchant/team/member/[id]/transferOwnership': [{ params: id(bi.teamMember), expect: 404 }],
    'POST /message/direct/email/preview': [
      { body: { memberId: bi.contact, templateId: ai.emailTemplate }, expect: 404 },
      { body: { memberId: ai.contact, templateId: bi.emailTemplate }, expect: 404 },
      { body: { memberId: ai.contact, templateId: ai.emailTemplate, locationId: bi.location }, expect: 404 },
    ],
    'POST /message/direct/sms/preview': [
      { body: { memberId: bi.contact, templateId: ai.smsTemplate }, expect: 404 },
      { body: { memberId: ai.contact, templateId: bi.smsTemplate }, expect: 404 },
    ],
    'GET /post/[id]': [{ params: id(Number.NaN), expect: 'skip', why: 'public; drafts answer 404 (posts tests)' }],
    'GET /post/list': [{ expect: 'skip', why: 'public list of published articles' }],
    'POST /reviews/[id]/draft': [{ params: id(bi.review), expect: 404 }],
    'PUT /reviews/[id]/reply': [{ params: id(bi.review), body: { comment: 'thanks' }, expect: 404 }],
    'DELETE /reviews/[id]/reply': [{ params: id(bi.review), expect: 404 }],
    'DELETE /reviews/[id]': [{ params: id(bi.review), expect: 404 }],
    'PUT /reviews/[id]/tag': [{ params: id(bi.review), body: { employeeTag: 'Bob' }, expect: 404 }],
    'POST /reviews/import': [{ expect: 'own' }],
    'GET /reviews/report': [{ expect: 'own', why: 'xlsx; the marker check reads the zip as text only loosely' }],
    'GET /reviews': [{ expect: 'own' }, { query: { locationId: String(bi.location) }, expect: 'own' }],
    'POST /reviews': [{ body: review(bi.location), expect: 'asMissing', missing: { body: review(NONE) } }],
    'GET /sending/campaign/[id]/summary': [{ params: id(bi.sendingCampaign), expect: 404 }],
    'POST /sending/forecast': [{ body: campaignOf(bi.location, ai.emailTemplate), expect: 404 }],
    'POST /sending/review': [{ body: { deliveryId: bi.delivery, verdict: 'resend' }, expect: 404 }],
    'POST /session/refresh': [{ expect: 'skip', why: 'cookie session only, no tenant rows' }],
    'GET /sending/settings': [{ expect: 'own', why: "the signed-in merchant's own sending rules, no id" }],
    'PUT /sending/settings': [{ body: { frequencyCapDays: 7 }, expect: 'own', why: "the signed-in merchant's own sending rules, no id" }],
    'GET /sources/[id]/accounts': [{ params: id(bi.source), expect: 404 }],
    'POST /sources/[id]/disconnect': [{ params: id(bi.source), expect: 404 }],
    'GET /sources/[id]/locations': [{ params: id(bi.source), query: { account: 'accounts/1' }, expect: 404 }],
    'GET /sources/[id]/reviews': [{ params: id(bi.source), query: { account: 'accounts/1', location: 'locations/1' }, expect: 404 }],
    'POST /sources/[id]/sync': [{ params: id(bi.source), expect: 404 }],
    'GET /sources/google/callback': [{ expect: 'own' }],
    'POST /sources/google/connect': [{ expect: 'own', why: '503 while Google is not configured' }],
    'POST /sources/locations/link': [
      { body: { sourceLocationId: bi.sourceLocation, locationId: ai.location }, expect: 404 },
      { body: { sourceLocationId: ai.sourceLocation, locationId: bi.location }, expect: 404 },
    ],
    'POST /sources/locations/unlink': [{ body: { sourceLocationId: bi.sourceLocation }, expect: 404 }],
    'GET /sources': [{ expect: 'own' }],
    'POST /sources/sandbox/connect': [{ expect: 'own' }],
    'GET /t/c/[id]': [{ expect: 'skip', why: 'public, signed per delivery' }],
    'GET /t/o/[id]/[sig]': [{ expect: 'skip', why: 'public, signed per delivery' }],
    'POST /user/emailValidate': [{ expect: 'skip', why: 'public registration step' }],
    'GET /user/info': [{ expect: 'own' }],
    'POST /user/login': [{ expect: 'skip', why: 'public sign-in' }],
    'POST /user/login/twoFactor': [{ expect: 'skip', why: "public, proven by the password step's signed challenge" }],
    'GET /user/twoFactor': [{ expect: 'own' }],
    'POST /user/twoFactor/setup': [{ body: {}, expect: 'own', why: "the caller's own pending secret, no ids" }],
    'POST /user/twoFactor/enable': [{ body: { code: '000000' }, expect: 'own', why: 'refused: wrong code' }],
    'POST /user/twoFactor/disable': [{ body: { password: 'wrong-password-123', code: '000000' }, expect: 'own', why: 'refused: not on, wrong password' }],
    'POST /user/twoFactor/recoveryCodes': [{ body: { password: 'wrong-password-123', code: '000000' }, expect: 'own', why: 'refused: not on, wrong password' }],
    'POST /user/logout': [{ expect: 'skip', why: 'public sign-out' }],
    'POST /user/refresh': [{ expect: 'skip', why: 'public, refresh token' }],
    'POST /user/password/forgot': [{ expect: 'skip', why: 'public, the same answer for any e-mail' }],
    'POST /user/password/reset': [{ expect: 'skip', why: 'public, proven by the reset link token' }],
    'PUT /user/password': [{ body: { currentPassword: 'wrong-password-123', password: 'Sweep-New-Brew-42', confirmPassword: 'Sweep-New-Brew-42' }, expect: 'own', why: 'refused: wrong current password' }],
    'POST /user/logoutAll': [{ expect: 'skip', why: "the caller's own sessions only, no ids; it would end the sweeping session (auth-sessions-lifetime tests it)" }],
    'POST /user/register': [{ expect: 'skip', why: 'public registration' }],
    'DELETE /user': [{ body: { password: 'wrong-password-123' }, expect: 'own', why: 'refused: wrong password' }],
    'POST /user/sendEmailCode': [{ expect: 'skip', why: 'public registration step' }],
    'GET /user/subscription': [{ expect: 'own' }],
    'POST /user/subscription/startTrial': [{ expect: 'own' }],
    'POST /user/validateEmailCode': [{ expect: 'skip', why: 'public registration step' }],
    'POST /user/invitation': [{ expect: 'skip', why: 'public, proven by the invitation token' }],
    'POST /user/invitation/accept': [{ expect: 'skip', why: 'public, proven by the invitation token' }],
    'POST /webhooks/email/inbound': [{ expect: 'skip', why: 'public, secret-guarded' }],
    'POST /webhooks/twilio/inbound': [{ expect: 'skip', why: 'public, signature-guarded' }],
    'POST /webhooks/twilio/status': [{ expect: 'skip', why: 'public, signature-guarded' }],
  };
}

async function call(endpoint: Endpoint, token: string | undefined, c: Pick<RouteCase, 'params' | 'query' | 'body'> = {}) {
  const params = c.params ?? {};
  const url = new URL(`http://localhost/api${fillPath(endpoint.path, params)}`);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (c.body !== undefined && endpoint.method !== 'GET') {
    body = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const response = await endpoint.handler(new Request(url, { method: endpoint.method, headers, body }), { params: Promise.resolve(params) });
  const text = await response.text();
  let json: { code?: number; msg?: string } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, json, type: response.headers.get('content-type') ?? '' };
}

let endpoints: Endpoint[];
let actions: ServerActionModule[];
let a: TenantWorld;
let b: TenantWorld;

beforeAll(async () => {
  endpoints = await apiEndpoints();
  actions = await serverActionModules();
  a = await buildTenantWorld(t.db);
  b = await buildTenantWorld(t.db);
});

describe('tenant isolation: /api routes', () => {
  it('finds the routes on the file system, and every one has a case', () => {
    expect(endpoints.length).toBeGreaterThan(90);
    const cases = routeCases(a, b);
    const served = endpoints.filter((e) => !e.notAllowed).map((e) => e.key);
    expect(served.filter((k) => !cases[k]), 'routes without a tenant case').toEqual([]);
    expect(Object.keys(cases).filter((k) => !served.includes(k)), 'cases of routes that are gone').toEqual([]);
  });

  it('every route with a dynamic id is exercised with B’s real ids, unless public', () => {
    const cases = routeCases(a, b);
    const dynamic = endpoints.filter((e) => !e.notAllowed && /\[(id|snapshotId)\]/.test(e.path));
    const missing = dynamic.filter((e) => !PUBLIC[e.key] && !cases[e.key].some((c) => c.expect === 404));
    expect(missing.map((e) => e.key)).toEqual([]);
  });

  it("A's token never reads nor changes B's rows", async () => {
    const cases = routeCases(a, b);
    const before = await tenantFingerprint(t.db, b.merchant.merchantId);
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      if (endpoint.notAllowed) continue;
      for (const c of cases[endpoint.key] ?? []) {
        if (c.expect === 'skip') continue;
        const answer = await call(endpoint, a.merchant.token, c);
        const label = `${endpoint.key} ${JSON.stringify({ params: c.params, query: c.query, body: c.body })}`;
        if (answer.status === 500 || (answer.status >= 400 && typeof answer.json?.msg !== 'string')) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        if (c.expect === 404 && answer.status !== 404) failures.push(`${label}: expected 404, got ${answer.status} ${answer.text.slice(0, 200)}`);
        if (c.expect === 'asMissing') {
          const missing = await call(endpoint, a.merchant.token, c.missing ?? {});
          if (answer.status < 400 || answer.status !== missing.status || answer.json?.msg !== missing.json?.msg) {
            failures.push(`${label}: answered ${answer.status} ${answer.json?.msg}, a missing id ${missing.status} ${missing.json?.msg}`);
          }
        }
        if (answer.text.includes(b.marker)) failures.push(`${label}: the answer shows B's data`);
      }
    }
    expect(failures).toEqual([]);
    expect(await tenantFingerprint(t.db, b.merchant.merchantId)).toEqual(before);
  });

  it('no route answers without a token unless it is on the public list', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      if (endpoint.notAllowed || PUBLIC[endpoint.key]) continue;
      const answer = await call(endpoint, undefined, { params: { id: String(b.ids.contact), snapshotId: String(b.ids.snapshot), module: 'campaign' } });
      if (answer.status !== 401 || answer.json?.code !== 401) failures.push(`${endpoint.key}: ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the public list is exact: each entry is a public route, and the declared public paths cover it', () => {
    const keys = endpoints.filter((e) => !e.notAllowed).map((e) => e.key);
    expect(Object.keys(PUBLIC).filter((k) => !keys.includes(k)), 'stale public entries').toEqual([]);
    const declaredPublic = endpoints.filter((e) => !e.notAllowed && e.options?.auth === 'public').map((e) => e.key);
    expect(declaredPublic.filter((k) => !PUBLIC[k]), 'public routes missing from the list').toEqual([]);
    const notCovered = Object.keys(PUBLIC)
      .filter((k) => !k.includes('/auth/[...nextauth]') && !k.includes('/session/refresh'))
      .filter((k) => {
        const p = k.split(' ')[1].replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
        return !PUBLIC_API_PATHS.some((declared) => p === declared || (declared.endsWith('/') && p.startsWith(declared)));
      });
    expect(notCovered, 'public routes not in lib/auth/public-paths.ts').toEqual([]);
  });

  it('secret-guarded public routes refuse a call without their secret', async () => {
    const failures: string[] = [];
    for (const key of ['POST /cron/dispatch', 'POST /cron/sync-reviews', 'POST /webhooks/email/inbound', 'POST /webhooks/twilio/inbound', 'POST /webhooks/twilio/status']) {
      const endpoint = endpointOf(endpoints, key);
      const answer = await call(endpoint, undefined, { body: { x: 1 } });
      if (answer.status < 400 || answer.status >= 500) failures.push(`${key}: ${answer.status}`);
      // No user signs in here: the refusal names the secret, not an expired sign-in (found from outside).
      if (answer.status === 401 && answer.json?.msg !== 'The secret is missing or wrong') failures.push(`${key}: ${answer.json?.msg}`);
    }
    expect(failures).toEqual([]);
  });
});

interface ActionCase {
  input?: unknown;
  /** NOT_FOUND: B's id. asMissing: refused exactly like the same call with a missing id. */
  expect: 'NOT_FOUND' | 'asMissing' | 'own' | 'public';
  missing?: unknown;
  why?: string;
}

function actionCases(a: TenantWorld, b: TenantWorld): Record<string, ActionCase[]> {
  const bi = b.ids;
  const ai = a.ids;
  const pub = (why: string): ActionCase[] => [{ expect: 'public', why }];
  return {
    'app/(auth)/login/actions.ts#loginAction': pub('sign-in'),
    'app/(auth)/login/actions.ts#twoFactorLoginAction': pub("sign-in's second step, proven by the signed challenge"),
    'lib/auth/two-factor/actions.ts#startTwoFactorAction': [{ input: {}, expect: 'own', why: "the caller's own pending secret" }],
    'lib/auth/two-factor/actions.ts#enableTwoFactorAction': [{ input: { code: '000000' }, expect: 'own', why: 'refused: wrong code' }],
    'lib/auth/two-factor/actions.ts#disableTwoFactorAction': [{ input: { password: 'wrong-password-123', code: '000000' }, expect: 'own', why: 'refused: not on' }],
    'lib/auth/two-factor/actions.ts#regenerateRecoveryCodesAction': [{ input: { password: 'wrong-password-123', code: '000000' }, expect: 'own', why: 'refused: not on' }],
    'app/(auth)/portal/actions.ts#registerAction': pub('registration, proven by the verification token'),
    'app/(auth)/portal/verify-email/actions.ts#confirmServiceEmailAction': pub('the e-mailed link token'),
    'app/(auth)/portal/invite/actions.ts#acceptInvitationAction': pub("a team invitation's link token"),
    'components/shell/sign-out-action.ts#signOutAction': pub('signing out needs no permission'),
    'lib/consent/public-actions.ts#confirmConsentFormAction': pub("a contact's own consent by token"),
    'lib/i18n/locale-actions.ts#setLocaleAction': pub('a language cookie'),
    'lib/theme/appearance-actions.ts#saveAppearanceAction': [{ input: { accent: 'teal', textSize: 'large' }, expect: 'own', why: "the caller's own user row" }],
    'lib/billing/actions.ts#requestUpgradeAction': [{ input: { plan: 'standard', message: '' }, expect: 'own', why: "the caller's own merchant's request" }],
    'lib/auth/actions.ts#deleteAccountAction': [{ input: { password: 'wrong-password-123' }, expect: 'own', why: 'refused: wrong password' }],
    'lib/auth/actions.ts#changePasswordAction': [{ input: { currentPassword: 'wrong-password-123', password: 'Sweep-New-Brew-42', confirmPassword: 'Sweep-New-Brew-42' }, expect: 'own', why: 'refused: wrong current password' }],
    'lib/auth/actions.ts#signOutEverywhereAction': [{ input: {}, expect: 'own', why: "refused: not confirmed (confirmed, it ends the caller's own sessions only)" }],
    'app/(auth)/login/password-actions.ts#forgotPasswordAction': pub('forgot password: the same answer for any e-mail'),
    'app/(auth)/login/password-actions.ts#resetPasswordAction': pub('the e-mailed reset link token'),
    'lib/campaigns/actions.ts#listCampaignsAction': [{ input: {}, expect: 'own' }],
    'lib/campaigns/actions.ts#saveCampaignAction': [
      { input: campaignOf(bi.location, ai.emailTemplate), expect: 'NOT_FOUND' },
      { input: { campaignId: bi.campaign, ...campaignOf(ai.location, ai.emailTemplate) }, expect: 'NOT_FOUND' },
    ],
    'lib/campaigns/actions.ts#campaignStatusAction': [
      { input: { id: bi.campaign, action: 'send' }, expect: 'NOT_FOUND' },
      { input: { id: bi.sendingCampaign, action: 'pause' }, expect: 'NOT_FOUND' },
    ],
    'lib/campaigns/actions.ts#deleteCampaignsAction': [{ input: { ids: [bi.campaign] }, expect: 'own', why: 'refused ids are reported, never deleted' }],
    'lib/campaigns/actions.ts#createSnapshotAction': [{ input: { locationId: bi.location, campaignChannel: 0 }, expect: 'NOT_FOUND' }],
    'lib/campaigns/actions.ts#pageSnapshotAction': [{ input: { snapshotId: bi.snapshot }, expect: 'NOT_FOUND' }],
    'lib/campaigns/actions.ts#previewMessageAction': [
      { input: { channel: 0, memberId: bi.contact, templateId: ai.emailTemplate }, expect: 'NOT_FOUND' },
      { input: { channel: 0, memberId: ai.contact, templateId: bi.emailTemplate }, expect: 'NOT_FOUND' },
    ],
    'lib/contacts/actions.ts#createContactAction': [{ input: { ...contact, locationId: bi.location }, expect: 'asMissing', missing: { ...contact, locationId: NONE } }],
    'lib/contacts/actions.ts#quickAddContactAction': [{ input: { name: 'Xa Ya', email: 'q2@example.com', locationId: bi.location }, expect: 'asMissing', missing: { name: 'Xa Ya', email: 'q2@example.com', locationId: NONE } }],
    'lib/contacts/actions.ts#updateContactAction': [{ input: { id: bi.contact, contact }, expect: 'NOT_FOUND' }],
    'lib/contacts/actions.ts#deleteContactAction': [{ input: { id: bi.contact }, expect: 'NOT_FOUND' }],
    'lib/contacts/actions.ts#deleteContactsAction': [{ input: { ids: [bi.contact] }, expect: 'own', why: 'ids of other merchants are ignored' }],
    'lib/contacts/actions.ts#changeConsentAction': [{ input: { id: bi.contact, channel: 'email', action: 'optout' }, expect: 'NOT_FOUND' }],
    'lib/inbox/actions.ts#listConversationsAction': [{ input: { keyword: b.marker }, expect: 'own' }],
    'lib/inbox/actions.ts#openConversationAction': [{ input: { id: bi.conversation }, expect: 'NOT_FOUND' }],
    'lib/inbox/actions.ts#replyAction': [{ input: { conversationId: bi.conversation, channel: 'email', text: 'hi' }, expect: 'NOT_FOUND' }],
    'lib/inbox/actions.ts#setProcessedAction': [{ input: { conversationId: bi.conversation, processed: true }, expect: 'NOT_FOUND' }],
    'lib/inbox/actions.ts#inboxVersionAction': [{ input: {}, expect: 'own' }],
    'lib/locations/actions.ts#createLocationAction': [{ input: place, expect: 'own' }],
    'lib/locations/actions.ts#updateLocationAction': [{ input: { locationId: bi.location, ...place }, expect: 'NOT_FOUND' }],
    'lib/locations/actions.ts#setLocationStatusAction': [{ input: { locationId: bi.location, enabled: false }, expect: 'NOT_FOUND' }],
    'lib/locations/actions.ts#deleteLocationAction': [{ input: { locationId: bi.location }, expect: 'NOT_FOUND' }],
    'lib/review-links/actions.ts#listReviewLinksAction': [{ input: { locationId: bi.location }, expect: 'NOT_FOUND' }],
    'lib/review-links/actions.ts#createReviewLinkAction': [{ input: { locationId: bi.location }, expect: 'asMissing', missing: { locationId: NONE } }],
    'lib/review-links/actions.ts#setReviewLinkEnabledAction': [{ input: { id: bi.reviewLink, enabled: false }, expect: 'NOT_FOUND' }],
    'lib/merchant/actions.ts#updateProfileAction': [{ input: {}, expect: 'own' }],
    'lib/merchant/actions.ts#sendPhoneCodeAction': [{ input: {}, expect: 'own' }],
    'lib/merchant/actions.ts#verifyPhoneAction': [{ input: {}, expect: 'own' }],
    'lib/merchant/actions.ts#setServiceEmailAction': [{ input: {}, expect: 'own' }],
    'lib/merchant/actions.ts#sendServiceEmailVerificationAction': [{ input: {}, expect: 'own' }],
    'lib/deliverability/actions.ts#checkDomainAction': [{ input: {}, expect: 'own' }],
    'lib/deliverability/actions.ts#rotateDkimKeyAction': [{ input: {}, expect: 'own' }],
    'lib/merchant/actions.ts#refreshServiceEmailStatusAction': [{ input: {}, expect: 'own' }],
    'lib/posts/actions.ts#savePostAction': [{ input: { id: bi.post, ...post }, expect: 'NOT_FOUND' }],
    'lib/posts/actions.ts#deletePostAction': [{ input: { id: bi.post }, expect: 'NOT_FOUND' }],
    'lib/reviews/actions.ts#saveReplyAction': [{ input: { id: bi.review, comment: 'thanks' }, expect: 'NOT_FOUND' }],
    'lib/reviews/actions.ts#deleteReplyAction': [{ input: { id: bi.review }, expect: 'NOT_FOUND' }],
    'lib/reviews/actions.ts#draftReplyAction': [{ input: { id: bi.review }, expect: 'NOT_FOUND' }],
    'lib/reviews/actions.ts#addReviewAction': [{ input: review(bi.location), expect: 'asMissing', missing: review(NONE) }],
    'lib/reviews/actions.ts#deleteReviewAction': [{ input: { id: bi.review }, expect: 'NOT_FOUND' }],
    'lib/reviews/actions.ts#setEmployeeTagAction': [{ input: { id: bi.review, employeeTag: 'Bob' }, expect: 'NOT_FOUND' }],
    'lib/campaigns/actions.ts#forecastAction': [{ input: campaignOf(bi.location, ai.emailTemplate), expect: 'NOT_FOUND' }],
    'lib/sending/actions.ts#deliverySummaryAction': [{ input: { id: bi.sendingCampaign }, expect: 'NOT_FOUND' }],
    'lib/sending/actions.ts#sendingSettingsAction': [{ input: {}, expect: 'own' }],
    'lib/sending/actions.ts#saveSendingSettingsAction': [{ input: { frequencyCapDays: 7 }, expect: 'own' }],
    'lib/sending/actions.ts#resolveReviewAction': [{ input: { deliveryId: bi.delivery, verdict: 'resend' }, expect: 'NOT_FOUND' }],
    'lib/sending/actions.ts#reviewCountsAction': [{ input: { campaignIds: [bi.sendingCampaign] }, expect: 'own', why: "another merchant's campaigns count nothing" }],
    'lib/sending/actions.ts#campaignReviewsAction': [{ input: { id: bi.sendingCampaign }, expect: 'NOT_FOUND' }],
    'lib/sending/actions.ts#markAllReviewsSentAction': [{ input: { id: bi.sendingCampaign }, expect: 'NOT_FOUND' }],
    'lib/sources/actions.ts#connectSandboxAction': [{ input: {}, expect: 'own' }],
    'lib/sources/actions.ts#startGoogleConnectAction': [{ input: {}, expect: 'own' }],
    'lib/sources/actions.ts#disconnectSourceAction': [{ input: { sourceId: bi.source }, expect: 'NOT_FOUND' }],
    'lib/sources/actions.ts#syncSourceAction': [{ input: { sourceId: bi.source }, expect: 'NOT_FOUND' }],
    'lib/sources/actions.ts#linkLocationAction': [
      { input: { sourceLocationId: bi.sourceLocation, locationId: ai.location }, expect: 'NOT_FOUND' },
      { input: { sourceLocationId: ai.sourceLocation, locationId: bi.location }, expect: 'NOT_FOUND' },
    ],
    'lib/sources/actions.ts#unlinkLocationAction': [{ input: { sourceLocationId: bi.sourceLocation }, expect: 'NOT_FOUND' }],
    'lib/subscription/actions.ts#startTrialAction': [{ input: {}, expect: 'own' }],
    'lib/team/actions.ts#listTeamAction': [{ input: {}, expect: 'own' }],
    'lib/team/actions.ts#inviteMemberAction': [{ input: { email: 'sweep-invite-action@example.com' }, expect: 'own' }],
    'lib/team/actions.ts#resendInvitationAction': [{ input: { id: bi.invitation }, expect: 'NOT_FOUND' }],
    'lib/team/actions.ts#revokeInvitationAction': [{ input: { id: bi.invitation }, expect: 'NOT_FOUND' }],
    'lib/team/actions.ts#setPostPermissionAction': [{ input: { id: bi.teamMember, canManagePosts: true }, expect: 'NOT_FOUND' }],
    'lib/team/actions.ts#removeMemberAction': [{ input: { id: bi.teamMember }, expect: 'NOT_FOUND' }],
    'lib/team/actions.ts#transferOwnershipAction': [{ input: { id: bi.teamMember }, expect: 'NOT_FOUND' }],
    'lib/templates/actions.ts#saveTemplateAction': [{ input: { templateId: bi.emailTemplate, ...template }, expect: 'NOT_FOUND' }],
    'lib/templates/actions.ts#deleteTemplateAction': [{ input: { id: bi.emailTemplate }, expect: 'NOT_FOUND' }],
    'lib/campaigns/actions.ts#getCampaignMessageAction': [{ input: { campaignId: bi.sendingCampaign }, expect: 'NOT_FOUND' }],
    'lib/ai/actions.ts#draftTemplateAction': [{ input: { category: 'review', type: 0, locale: 'en-US' }, expect: 'own' }],
  };
}

type AnyAction = (input: unknown) => Promise<unknown>;

describe('tenant isolation: server actions', () => {
  it('finds the action modules on the file system, and every export has a case', () => {
    expect(actions.length).toBeGreaterThan(10);
    const cases = actionCases(a, b);
    const found = actions.flatMap((m) => Object.keys(m.exports).map((name) => `${m.file}#${name}`));
    expect(found.filter((k) => !cases[k]), 'actions without a tenant case').toEqual([]);
    expect(Object.keys(cases).filter((k) => !found.includes(k)), 'cases of actions that are gone').toEqual([]);
  });

  it("A's session never reads nor changes B's rows through an action", async () => {
    const cases = actionCases(a, b);
    const before = await tenantFingerprint(t.db, b.merchant.merchantId);
    const failures: string[] = [];
    session.token = a.merchant.token;
    try {
      for (const m of actions) {
        for (const [name, fn] of Object.entries(m.exports)) {
          for (const c of cases[`${m.file}#${name}`] ?? []) {
            if (c.expect === 'public') continue;
            const label = `${m.file}#${name} ${JSON.stringify(c.input)}`;
            const result = (await (fn as AnyAction)(c.input)) as { ok: boolean; code?: string };
            const text = JSON.stringify(result) ?? '';
            if (c.expect === 'NOT_FOUND' && (result.ok || result.code !== 'NOT_FOUND')) failures.push(`${label}: expected NOT_FOUND, got ${text.slice(0, 200)}`);
            if (c.expect === 'asMissing') {
              const missing = (await (fn as AnyAction)(c.missing)) as { ok: boolean; code?: string; message?: string };
              const r = result as { message?: string };
              if (result.ok || missing.code !== result.code || missing.message !== r.message) failures.push(`${label}: ${text.slice(0, 160)} differs from a missing id's ${JSON.stringify(missing).slice(0, 160)}`);
            }
            if (!result.ok && result.code === 'INTERNAL') failures.push(`${label}: INTERNAL`);
            if (text.includes(b.marker)) failures.push(`${label}: the answer shows B's data`);
          }
        }
      }
    } finally {
      session.token = null;
    }
    expect(failures).toEqual([]);
    expect(await tenantFingerprint(t.db, b.merchant.merchantId)).toEqual(before);
  });

  it('no action runs without a session unless it is public', async () => {
    const cases = actionCases(a, b);
    session.token = null;
    const failures: string[] = [];
    for (const m of actions) {
      for (const [name, fn] of Object.entries(m.exports)) {
        const [c] = cases[`${m.file}#${name}`] ?? [];
        if (!c || c.expect === 'public') continue;
        const result = (await (fn as AnyAction)(c.input)) as { ok: boolean; code?: string };
        if (result.ok || result.code !== 'UNAUTHORIZED') failures.push(`${m.file}#${name}: ${JSON.stringify(result).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Spec section 6: a trial account cannot create, edit or delete templates, nor customise campaigns.
 * The entries this guards are found on the file system: every /api write (any method but GET)
 * under /campaign (templates live at /campaign/template) and every server action of
 * lib/templates and lib/campaigns that is not a read. Each needs a trial case here: calls that
 * must answer 403 with the upgrade message, or the reason a trial account may do it.
 */
type TrialCase<C> = { refuse: [string, C][] } | { allow: string };
type TrialRouteCall = Pick<RouteCase, 'params' | 'body'>;

const isTrialGuardedRoute = (e: Endpoint) => !e.notAllowed && e.method !== 'GET' && /^\/campaign(\/|$)/.test(e.path);
// lib/ai: the template editor's AI draft, part of writing a template.
const isTrialGuardedActionFile = (file: string) => /^lib\/(templates|campaigns|ai)\//.test(file);
/** Action names that only read (get, list, page, preview, status): everything else writes. */
const READ_ACTION = /^(get|list|page|preview|trialStatus)[A-Z]/;

/** Campaign settings a trial account may not use, each on an otherwise allowed campaign. */
function customisedCampaigns<T extends object>(allowed: T, ownTemplateId: number): [string, T][] {
  return [
    ['its own template', { ...allowed, templateId: ownTemplateId }],
    ['filter: tags', { ...allowed, filterConditions: { optInOnly: true, tags: ['vip'] } }],
    ['filter: everyone, not only opted in', { ...allowed, filterConditions: { optInOnly: false } }],
    ['filter: opened the last e-mail', { ...allowed, filterConditions: { openedEmail: true } }],
    ['filter: silent days', { ...allowed, filterConditions: { silentDays: 30 } }],
    ['filter: opt-in date range', { ...allowed, filterConditions: { optInTimeRange: { start: '2026-01-01', end: '2026-02-01' } } }],
    ['batch sending', { ...allowed, isBatchSend: 1, deliveryWindow: '09:00-18:00' }],
    ['quiet hours', { ...allowed, avoidHours: '22:00-08:00' }],
  ];
}

function trialRouteCases(w: TenantWorld, commonTemplate: number, scheduledDraft: number): Record<string, TrialCase<TrialRouteCall>> {
  const wi = w.ids;
  const id = (n: number) => ({ id: String(n) });
  const allowedCampaign = campaignOf(wi.location, commonTemplate);
  return {
    'POST /campaign/template': { refuse: [['create', { body: template }]] },
    'PUT /campaign/template/[id]': { refuse: [['edit', { params: id(wi.emailTemplate), body: template }]] },
    'DELETE /campaign/template/[id]': { refuse: [['delete', { params: id(wi.emailTemplate) }]] },
    'POST /campaign': { refuse: customisedCampaigns(allowedCampaign, wi.emailTemplate).map(([k, body]) => [k, { body }]) },
    'PUT /campaign': { refuse: customisedCampaigns({ campaignId: wi.campaign, ...allowedCampaign }, wi.emailTemplate).map(([k, body]) => [k, { body }]) },
    // The drafts use the merchant's own template: sending them would use a customisation.
    'POST /campaign/[id]/send': { refuse: [['a customised draft', { params: id(wi.campaign) }]] },
    'POST /campaign/[id]/schedule': { refuse: [['a customised draft', { params: id(scheduledDraft) }]] },
    'POST /campaign/[id]/pause': { allow: 'changes the state of a running campaign, no setting' },
    'POST /campaign/[id]/resume': { allow: 'changes the state of a paused campaign, no setting (its settings were checked when it started)' },
    'POST /campaign/[id]/stop': { allow: 'changes the state of a running campaign, no setting' },
    'POST /campaign/[id]/revert': { allow: 'back to draft: changes no setting, and sending it again is checked' },
    'DELETE /campaign/[id]': { allow: 'removing a draft customises nothing' },
    'POST /campaign/members/snapshot': { allow: "a preview of the audience (writes only the preview's member list); saving or sending with those filters is refused" },
  };
}

function trialActionCases(w: TenantWorld, commonTemplate: number, scheduledDraft: number): Record<string, TrialCase<unknown>> {
  const wi = w.ids;
  const allowedCampaign = campaignOf(wi.location, commonTemplate);
  return {
    'lib/templates/actions.ts#saveTemplateAction': { refuse: [['create', template], ['edit', { templateId: wi.emailTemplate, ...template }]] },
    'lib/templates/actions.ts#deleteTemplateAction': { refuse: [['delete', { id: wi.emailTemplate }]] },
    'lib/ai/actions.ts#draftTemplateAction': { allow: 'an AI draft for the editor: writes nothing, and saving it is refused' },
    'lib/campaigns/actions.ts#saveCampaignAction': {
      refuse: [
        ...customisedCampaigns(allowedCampaign, wi.emailTemplate).map(([k, v]): [string, unknown] => [`create with ${k}`, v]),
        ...customisedCampaigns({ campaignId: wi.campaign, ...allowedCampaign }, wi.emailTemplate).map(([k, v]): [string, unknown] => [`update with ${k}`, v]),
      ],
    },
    'lib/campaigns/actions.ts#campaignStatusAction': {
      refuse: [
        ['send a customised draft', { id: wi.campaign, action: 'send' }],
        ['schedule a customised draft', { id: scheduledDraft, action: 'schedule' }],
      ],
    },
    'lib/campaigns/actions.ts#deleteCampaignsAction': { allow: 'removing drafts customises nothing' },
    'lib/campaigns/actions.ts#createSnapshotAction': { allow: "a preview of the audience; saving or sending with its filters is refused" },
    'lib/campaigns/actions.ts#forecastAction': { allow: 'a forecast writes nothing; saving or sending with its settings is refused' },
  };
}

describe('trial accounts cannot customise (spec section 6)', () => {
  let commonTemplate: number;
  beforeAll(async () => {
    // A built-in common template (merchantId 0): what a trial account may send with.
    const [row] = await t.db.insert(templates).values({ merchantId: 0, name: 'Common review request', type: 0, subject: 'Hi', content: '<p>Hi {{firstName}} <a href="{{optoutLink}}">unsubscribe</a></p>', contentText: '' }).returning({ id: templates.id });
    commonTemplate = row.id;
  });

  it('every template and campaign write, found on the file system, has a trial case', () => {
    const routeKeys = endpoints.filter(isTrialGuardedRoute).map((e) => e.key);
    const actionKeys = actions.filter((m) => isTrialGuardedActionFile(m.file)).flatMap((m) => Object.keys(m.exports).filter((n) => !READ_ACTION.test(n)).map((n) => `${m.file}#${n}`));
    expect(routeKeys.length).toBeGreaterThanOrEqual(10);
    expect(actionKeys.length).toBeGreaterThanOrEqual(5);
    const routeCases = trialRouteCases(a, 1, 1);
    const actionCases = trialActionCases(a, 1, 1);
    expect(routeKeys.filter((k) => !routeCases[k]), 'writes without a trial case').toEqual([]);
    expect(Object.keys(routeCases).filter((k) => !routeKeys.includes(k)), 'trial cases of routes that are gone').toEqual([]);
    expect(actionKeys.filter((k) => !actionCases[k]), 'actions without a trial case').toEqual([]);
    expect(Object.keys(actionCases).filter((k) => !actionKeys.includes(k)), 'trial cases of actions that are gone').toEqual([]);
  });

  for (const variant of ['trialing', 'trial expired'] as const) {
    it(`${variant}: templates cannot be created, edited or deleted; campaigns cannot be customised`, async () => {
      const trialEndTime = variant === 'trialing' ? new Date(Date.now() + 86_400_000) : new Date(Date.now() - 86_400_000);
      const trial = await buildTenantWorld(t.db, { subscriptionStatus: 'TRIAL_ACTIVE', trialEndTime });
      // A draft to be sent at a set time (schedule applies to those only), with its own template.
      const [draft] = await t.db
        .insert(campaigns)
        .values({ merchantId: trial.merchant.merchantId, name: 'Scheduled draft', channel: 0, status: 0, sendType: 1, scheduledTime: new Date(Date.now() + 7 * 86_400_000), locationId: trial.ids.location, templateId: trial.ids.emailTemplate })
        .returning({ id: campaigns.id });
      const before = await tenantFingerprint(t.db, trial.merchant.merchantId);
      const failures: string[] = [];
      let refusals = 0;
      for (const [key, c] of Object.entries(trialRouteCases(trial, commonTemplate, draft.id))) {
        if (!('refuse' in c)) continue;
        for (const [what, input] of c.refuse) {
          refusals++;
          const answer = await call(endpointOf(endpoints, key), trial.merchant.token, input);
          if (answer.status !== 403 || !/upgrade|trial/i.test(answer.json?.msg ?? '')) failures.push(`${key} (${what}): ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      }
      session.token = trial.merchant.token;
      try {
        for (const [key, c] of Object.entries(trialActionCases(trial, commonTemplate, draft.id))) {
          if (!('refuse' in c)) continue;
          const [file, name] = key.split('#');
          const fn = actions.find((m) => m.file === file)?.exports[name] as unknown as AnyAction;
          for (const [what, input] of c.refuse) {
            refusals++;
            const result = (await fn(input)) as { ok: boolean; code?: string; message?: string };
            if (result.ok || result.code !== 'FORBIDDEN' || !/upgrade|trial/i.test(result.message ?? '')) failures.push(`${key} (${what}): ${JSON.stringify(result).slice(0, 160)}`);
          }
        }
      } finally {
        session.token = null;
      }
      expect(failures).toEqual([]);
      expect(refusals).toBeGreaterThan(30);
      expect(await tenantFingerprint(t.db, trial.merchant.merchantId)).toEqual(before);

      // The refusals are about the customisation: the same campaign with a common template and
      // default settings saves, through the API and the action alike.
      const allowed = campaignOf(trial.ids.location, commonTemplate);
      const put = await call(endpointOf(endpoints, 'PUT /campaign'), trial.merchant.token, { body: { campaignId: trial.ids.campaign, ...allowed } });
      expect(put.status, put.text).toBe(200);
      session.token = trial.merchant.token;
      try {
        const saveCampaign = actions.find((m) => m.file === 'lib/campaigns/actions.ts')?.exports.saveCampaignAction as unknown as AnyAction;
        const saved = (await saveCampaign({ campaignId: trial.ids.campaign, ...allowed })) as { ok: boolean };
        expect(saved, JSON.stringify(saved)).toMatchObject({ ok: true });
      } finally {
        session.token = null;
      }
    });
  }
});

/**
 * Issue 18, point 1: only the owner manages the team and changes the merchant's details. Every
 * /api route under /merchant/team and every action of lib/team, found on the file system, plus
 * the merchant-detail writes, answers 403 to a staff member of the same merchant (own ids, valid
 * input: the role is what refuses), and nothing changes.
 */
describe('staff cannot manage the team nor change the merchant (issue 18)', () => {
  const isTeamRoute = (e: Endpoint) => !e.notAllowed && /^\/merchant\/team(\/|$)/.test(e.path);
  const MERCHANT_WRITES = ['PUT /merchant/profile', 'PUT /merchant/serviceEmail', 'POST /merchant/serviceEmail/sendVerification', 'POST /merchant/phone/sendCode', 'POST /merchant/phone/verify'];
  const MERCHANT_ACTIONS = ['updateProfileAction', 'setServiceEmailAction', 'sendServiceEmailVerificationAction', 'sendPhoneCodeAction', 'verifyPhoneAction'];

  function staffRouteInput(w: TenantWorld): Record<string, Pick<RouteCase, 'params' | 'body'>> {
    const id = (n: number) => ({ id: String(n) });
    return {
      'GET /merchant/team': {},
      'POST /merchant/team/invitation': { body: { email: 'staff-invite@example.com' } },
      'DELETE /merchant/team/invitation/[id]': { params: id(w.ids.invitation) },
      'POST /merchant/team/invitation/[id]/resend': { params: id(w.ids.invitation) },
      'DELETE /merchant/team/member/[id]': { params: id(w.merchant.userId) },
      'PUT /merchant/team/member/[id]/permission': { params: id(w.ids.teamMember), body: { canManagePosts: true } },
      'POST /merchant/team/member/[id]/transferOwnership': { params: id(w.ids.teamMember) },
      'PUT /merchant/profile': { body: { merchantName: 'Taken', address: '1 Road' } },
      'PUT /merchant/serviceEmail': { body: { serviceEmail: 'taken@example.com' } },
      'POST /merchant/serviceEmail/sendVerification': {},
      'POST /merchant/phone/sendCode': { body: { phone: '+852 9123 4567' } },
      'POST /merchant/phone/verify': { body: { phone: '+852 9123 4567', code: '123456' } },
    };
  }
  function staffActionInput(w: TenantWorld): Record<string, unknown> {
    return {
      listTeamAction: {},
      inviteMemberAction: { email: 'staff-invite@example.com' },
      resendInvitationAction: { id: w.ids.invitation },
      revokeInvitationAction: { id: w.ids.invitation },
      setPostPermissionAction: { id: w.ids.teamMember, canManagePosts: true },
      removeMemberAction: { id: w.merchant.userId },
      transferOwnershipAction: { id: w.ids.teamMember },
      updateProfileAction: { merchantName: 'Taken', address: '1 Road' },
      setServiceEmailAction: { serviceEmail: 'taken@example.com' },
      sendServiceEmailVerificationAction: {},
      sendPhoneCodeAction: { phone: '+852 9123 4567' },
      verifyPhoneAction: { phone: '+852 9123 4567', code: '123456' },
    };
  }

  it('every team route and action, and every merchant-detail write, answers 403 to staff', async () => {
    const { signAccessToken } = await import('@/lib/auth/tokens');
    const w = await buildTenantWorld(t.db);
    const staffToken = (await signAccessToken(w.ids.teamMember, w.merchant.merchantId, new Date())).token;
    const routeInput = staffRouteInput(w);
    const keys = [...endpoints.filter(isTeamRoute).map((e) => e.key), ...MERCHANT_WRITES];
    expect(keys.length).toBeGreaterThanOrEqual(12);
    expect(keys.filter((k) => !routeInput[k]), 'team routes without a staff case').toEqual([]);
    const before = await tenantFingerprint(t.db, w.merchant.merchantId);
    const failures: string[] = [];
    for (const key of keys) {
      const answer = await call(endpointOf(endpoints, key), staffToken, routeInput[key]);
      if (answer.status !== 403 || answer.json?.msg !== "Only the merchant's owner can do this.") failures.push(`${key}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    const actionInput = staffActionInput(w);
    const staffActions = [
      ...actions.filter((m) => m.file === 'lib/team/actions.ts').flatMap((m) => Object.entries(m.exports)),
      ...actions.filter((m) => m.file === 'lib/merchant/actions.ts').flatMap((m) => Object.entries(m.exports).filter(([n]) => MERCHANT_ACTIONS.includes(n))),
    ];
    expect(staffActions.length).toBe(Object.keys(actionInput).length);
    session.token = staffToken;
    try {
      for (const [name, fn] of staffActions) {
        const result = (await (fn as AnyAction)(actionInput[name])) as { ok: boolean; code?: string };
        if (result.ok || result.code !== 'FORBIDDEN') failures.push(`${name}: ${JSON.stringify(result).slice(0, 160)}`);
      }
    } finally {
      session.token = null;
    }
    expect(failures).toEqual([]);
    expect(await tenantFingerprint(t.db, w.merchant.merchantId)).toEqual(before);
  });
});
