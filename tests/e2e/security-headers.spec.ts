import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIResponse, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { baseURL } from '../../playwright.config';
import { DEMO_STATE } from './auth-state';

/**
 * Issue 11 item 3, against the production build: security headers and the nonce CSP, cookie
 * flags, the CVE-2025-29927 header, and server actions from a foreign Origin. docs/security.md.
 */

const MERCHANT = '晨光咖啡 Morning Light Café';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(directives(csp).get('script-src')?.join(' ') ?? '');
  if (!match) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

/** Every <script> tag of a page carries the response's nonce. */
function expectScriptsNonced(html: string, nonce: string) {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, tag).toContain(`nonce="${nonce}"`);
}

/** The Set-Cookie lines of a response, by cookie name. */
function setCookies(response: APIResponse): Map<string, string> {
  return new Map(
    response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => [h.value.split('=')[0], h.value]),
  );
}

function cookieHeader(response: APIResponse): string {
  return [...setCookies(response).values()].map((line) => line.split(';')[0]).join('; ');
}

/** Signs in through Auth.js the way the browser does, optionally as if behind a TLS proxy. */
async function signInCookies(https: boolean) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: https ? { 'x-forwarded-proto': 'https' } : {} });
  const csrf = await context.get('/api/auth/csrf');
  const { csrfToken } = await csrf.json();
  const signedIn = await context.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: DEMO_EMAIL, password: DEMO_PASSWORD, callbackUrl: '/dashboard' },
    headers: { cookie: cookieHeader(csrf) },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).not.toContain('error');
  const result = { csrf: setCookies(csrf), session: setCookies(signedIn) };
  await context.dispose();
  return result;
}

test.describe('headers', () => {
  test('a page gets a nonce CSP, fresh for every response, on every script tag', async ({ request }) => {
    const first = await request.get('/login');
    const second = await request.get('/login');
    const csp = first.headers()['content-security-policy'];
    expect(csp).toBeTruthy();
    const d = directives(csp);
    const scriptSrc = d.get('script-src') ?? [];
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    // Plain local http: no upgrade (it would break every sub-request), no HSTS.
    expect(d.has('upgrade-insecure-requests')).toBe(false);
    expect(first.headers()['strict-transport-security']).toBeUndefined();

    const nonce = nonceOf(csp);
    expect(Buffer.from(nonce, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
    expectScriptsNonced(await first.text(), nonce);

    for (const [name, value] of Object.entries({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin', 'cross-origin-opener-policy': 'same-origin' })) {
      expect(first.headers()[name], name).toBe(value);
    }
    expect(first.headers()['permissions-policy']).toContain('camera=()');
    expect(first.headers()['x-powered-by']).toBeUndefined();
  });

  test('behind a TLS proxy: HSTS and upgrade-insecure-requests', async ({ request }) => {
    const page = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers()['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    expect(directives(page.headers()['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const api = await request.get('/api/user/info', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers()['strict-transport-security']).toMatch(/max-age=/);
  });

  test('API answers are data: a CSP that lets nothing run, nosniff', async ({ request }) => {
    const api = await request.get('/api/user/info');
    expect(api.status()).toBe(401);
    expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(api.headers()['content-security-policy']).toContain('sandbox');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });

  test.describe('signed in', () => {
    test.use({ storageState: DEMO_STATE });
    test('the dashboard HTML carries the nonce on every script', async ({ request }) => {
      const response = await request.get('/dashboard');
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(MERCHANT);
      expectScriptsNonced(html, nonceOf(response.headers()['content-security-policy']));
    });
  });
});

test.describe('cookies', () => {
  test('the session cookie is HttpOnly and SameSite=Lax; Secure (with the __Secure- prefix) over HTTPS', async () => {
    const local = await signInCookies(false);
    const plain = local.session.get('authjs.session-token');
    expect(plain).toBeTruthy();
    expect(plain).toMatch(/;\s*HttpOnly/i);
    expect(plain).toMatch(/;\s*SameSite=Lax/i);
    // Local http (the e2e server, `npm start` on a laptop): a Secure cookie would never come back.
    expect(plain).not.toMatch(/;\s*Secure/i);

    const tls = await signInCookies(true);
    const secure = tls.session.get('__Secure-authjs.session-token');
    expect(secure).toBeTruthy();
    expect(secure).toMatch(/;\s*HttpOnly/i);
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/;\s*SameSite=Lax/i);
    const csrf = tls.csrf.get('__Host-authjs.csrf-token');
    expect(csrf).toMatch(/;\s*HttpOnly/i);
    expect(csrf).toMatch(/;\s*Secure/i);
  });
});

/** The id of a server action, from this build's manifest (the build the server runs). */
function actionId(file: string, name: string): string {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename?.endsWith(file) && entry.exportedName === name);
  if (!found) throw new Error(`no server action ${name} in ${file}`);
  return found[0];
}

test.describe('server actions', () => {
  // setLocaleAction writes a cookie: whether the cookie comes back tells whether the action ran.
  async function callSetLocale(origin: string) {
    const context = await playwrightRequest.newContext({ baseURL });
    const response = await context.post('/login', {
      headers: { 'next-action': actionId('lib/i18n/locale-actions.ts', 'setLocaleAction'), 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', origin },
      data: JSON.stringify(['en-US']),
      maxRedirects: 0,
    });
    const result = { status: response.status(), cookies: setCookies(response) };
    await context.dispose();
    return result;
  }

  test('run from our own origin, and the locale cookie they set is HttpOnly', async () => {
    const own = await callSetLocale(baseURL);
    expect(own.status).toBe(200);
    const cookie = own.cookies.get('NEXT_LOCALE');
    expect(cookie).toMatch(/^NEXT_LOCALE=en-US;/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  test('are refused from a foreign Origin (Next.js compares Origin with Host), and do not run', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'null']) {
      const foreign = await callSetLocale(origin);
      expect(foreign.status, origin).toBe(500);
      // (The proxy's Auth.js wrapper may still set its own CSRF cookies; the action's never comes.)
      expect(foreign.cookies.has('NEXT_LOCALE'), origin).toBe(false);
    }
  });
});

test.describe('x-middleware-subrequest (CVE-2025-29927)', () => {
  const values = ['proxy', 'middleware', 'src/middleware', 'pages/_middleware', 'proxy:proxy:proxy:proxy:proxy', 'middleware:middleware:middleware:middleware:middleware', 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware'];

  test('does not skip the proxy: signed-out pages still go to /login', async ({ request }) => {
    for (const value of values) {
      for (const pathname of ['/dashboard', '/contacts', '/campaigns/templates']) {
        const response = await request.get(pathname, { headers: { 'x-middleware-subrequest': value }, maxRedirects: 0 });
        expect(response.status(), `${pathname} ${value}`).toBe(307);
        expect(response.headers().location, `${pathname} ${value}`).toContain('/login');
        expect(response.headers()['content-security-policy'], 'the proxy ran').toBeTruthy();
        expect(await response.text()).not.toContain(MERCHANT);
      }
      // A React Server Component request (client navigation) is refused the same way.
      const rsc = await request.get('/contacts', { headers: { 'x-middleware-subrequest': value, rsc: '1' }, maxRedirects: 0 });
      expect(rsc.status()).toBe(307);
      expect(await rsc.text()).not.toContain(MERCHANT);
    }
  });

  test('gives no API data without a token', async ({ request }) => {
    for (const value of values) {
      for (const pathname of ['/api/user/info', '/api/member', '/api/campaign']) {
        const response = await request.get(pathname, { headers: { 'x-middleware-subrequest': value } });
        expect(response.status(), `${pathname} ${value}`).toBe(401);
        expect((await response.json()).code).toBe(401);
      }
    }
  });
});

/** Collects CSP violations (the DOM event and Chromium's console report) and page errors. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

test.describe('the app under its CSP', () => {
  test.use({ storageState: DEMO_STATE, colorScheme: 'dark' });

  test('main screens load, hydrate and run without a single CSP violation', async ({ page }) => {
    const problems = await watch(page);
    const screens: [string, (p: Page) => Promise<void>][] = [
      ['/dashboard', async (p) => {
        await expect(p.getByText(MERCHANT).first()).toBeVisible();
        await expect(p.getByTestId('trend-chart').first()).toBeVisible();
      }],
      ['/reviews', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/contacts', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/campaigns/campaigns', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/campaigns/templates', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/inbox', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/posts', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/locations', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
      ['/profile', async (p) => { await expect(p.locator('main')).toBeVisible(); }],
    ];
    for (const [url, check] of screens) {
      await page.goto(url);
      await check(page);
      await page.waitForLoadState('networkidle');
    }
    // The no-flash theme script ran (dark from the OS, the demo's choice being 'system').
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // next-intl and hydration: a client-side navigation works.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /联系人|Contacts/ }).first().click();
    await expect(page).toHaveURL(/\/contacts/);
    expect(problems).toEqual([]);
  });

  test('the Lexical template editor takes typing under the CSP', async ({ page }) => {
    const problems = await watch(page);
    await page.goto('/campaigns/templates/create?type=email');
    const editor = page.getByTestId('rich-text-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type('CSP says hello');
    await expect(editor).toContainText('CSP says hello');
    expect(problems).toEqual([]);
  });
});

test.describe('signed-out screens under the CSP', () => {
  test('login and registration hydrate without violations', async ({ page }) => {
    const problems = await watch(page);
    for (const url of ['/login', '/portal', '/privacy']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    // Hydrated: the login form validates in the browser (zod resolver) instead of posting.
    await page.goto('/login');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
