import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * A browser signed in as the demo owner on a loaded machine landed on /login?expired=1: a request
 * still carrying the refresh token its browser had just rotated reached the server seconds late
 * and revoked the sign-in; and every page load refreshed the session. Here, beside three busy
 * loops, two tabs of one browser open 50 pages each on a server of their own with no reuse grace
 * and 90-second access tokens (the proxy refreshes every 30 s or so): nobody is signed out, and
 * the session keeper's refresh calls are counted (a page load no longer refreshes).
 */
const port = Number(process.env.E2E_PORT ?? 3200) + 2;
const base = `http://127.0.0.1:${port}`;
const PAGES_PER_TAB = 50;
// /campaigns/campaigns itself: /campaigns moves on to it on its own, interrupting the next navigation.
const screens = ['/dashboard', '/contacts', '/campaigns/campaigns', '/reviews', '/inbox', '/locations', '/campaigns/templates'];
let server: ChildProcess | undefined;
const busyLoops: ChildProcess[] = [];

test.describe.configure({ mode: 'serial' });
// Its own server, three busy loops and 100 page loads: minutes of CI's two cores, and it has not yet
// passed on a machine at load 30 (the webServer's start ran out). Run it on purpose with
// E2E_SESSION_LOAD=1 until it has passed three times in a row.
test.skip(!process.env.E2E_SESSION_LOAD, 'set E2E_SESSION_LOAD=1 to run the session-under-load check');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = spawn('bash', ['scripts/e2e-server.sh', String(port)], {
    env: { ...env, REFRESH_REUSE_GRACE_SECONDS: '0', ACCESS_TOKEN_TTL_SECONDS: '90' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 340; i++) {
    if (await fetch(`${base}/login`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the session-under-load server did not start');
});

test.afterAll(() => {
  for (const loop of busyLoops) if (loop.pid) process.kill(-loop.pid, 'SIGTERM');
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** Opens PAGES_PER_TAB pages; answers the navigations the page itself aborted (a reload of its own), by URL. */
async function browse(page: Page, offset: number, signedOut: string[]): Promise<string[]> {
  const aborted: string[] = [];
  for (let i = 0; i < PAGES_PER_TAB; i++) {
    const screen = screens[(i + offset) % screens.length];
    try {
      await page.goto(`${base}${screen}`, { waitUntil: 'load', timeout: 90_000 });
    } catch (error) {
      // The page moved itself meanwhile (a reload, or the sign-in page): where it went is what counts.
      if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
      aborted.push(`${screen} (now ${page.url()})`);
      await page.waitForLoadState('load', { timeout: 90_000 }).catch(() => undefined);
    }
    const path = new URL(page.url()).pathname;
    if (path.startsWith('/login')) signedOut.push(`${screen} -> ${page.url()}`);
  }
  return aborted;
}

test('two tabs of one browser open 50 pages each beside three busy loops and stay signed in', async ({ browser }) => {
  test.setTimeout(900_000);
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await first.locator('input[type="email"]').fill(DEMO_EMAIL);
  await first.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await first.locator('form button[type="submit"]').click();
  await expect(first).toHaveURL(/\/dashboard/, { timeout: 60_000 });

  let keeperRefreshes = 0;
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/session/refresh' && !(request.postData() ?? '').includes('identifyOnly')) keeperRefreshes++;
  });
  const signedOut: string[] = [];
  const landed = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/login')) signedOut.push(frame.url());
    });
  landed(first);
  const second = await context.newPage();
  landed(second);
  for (let i = 0; i < 3; i++) busyLoops.push(spawn('sh', ['-c', 'yes > /dev/null'], { stdio: 'ignore', detached: true }));

  const started = Date.now();
  const aborted = (await Promise.all([browse(first, 0, signedOut), browse(second, 3, signedOut)])).flat();
  const seconds = (Date.now() - started) / 1000;
  console.log(`[session-under-load] navigations the page aborted itself: ${aborted.length ? aborted.join(', ') : 'none'}`);

  expect(signedOut).toEqual([]);
  // A page load refreshes only within a minute of expiry, and the proxy has usually refreshed
  // before that (within its own minute): far fewer calls than the 100 page loads, whatever the
  // machine's speed (at most one per tab per 30 s of the token's last minute, plus a few).
  console.log(`[session-under-load] ${2 * PAGES_PER_TAB} page loads in ${Math.round(seconds)} s, ${keeperRefreshes} refresh calls`);
  expect(keeperRefreshes).toBeLessThanOrEqual(Math.ceil(seconds / 30) * 2 + 4);
  expect(keeperRefreshes).toBeLessThan(PAGES_PER_TAB);
  await context.close();
});
