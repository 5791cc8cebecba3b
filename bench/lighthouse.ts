/**
 * Issue 11's page-speed benchmark: Lighthouse (desktop preset by default) in Debian's Chromium
 * against a running production build, for /login signed out and four signed-in screens (the demo
 * session's cookies go in as an extra header, so no puppeteer is needed). Chrome comes from
 * chrome-launcher here; Lighthouse itself runs as its own plain node process on that Chrome's port,
 * because tsx's name-keeping helper (`__name`) breaks the functions Lighthouse evaluates in the
 * page. Prints one Markdown table
 * row per page: performance, accessibility, best practices, LCP, CLS, TBT; and the machine.
 *
 *   NEXT_DIST_DIR=.next-a11y npx next build
 *   NEXT_DIST_DIR=.next-a11y bash scripts/e2e-server.sh 3303 &   # production server, demo data
 *   BENCH_URL=http://127.0.0.1:3303 npm run bench:lighthouse       # LH_FORM=mobile for the mobile preset
 *
 * LH_PAGES=/login,/inbox measures only those; LH_RUNS (3); LH_VERBOSE=1 also prints the LCP element,
 * its phases and which scripts arrived before the observed paint; LH_SAVE=<folder> keeps each page's
 * median report (JSON).
 *
 * A production server runs on PostgreSQL: `DATABASE_URL=<fresh database> bash scripts/e2e-server.sh 3303`
 * seeds the demo data there. Without DATABASE_URL it runs on the embedded PGlite (local evaluation),
 * whose queries run on the server's own thread (bench/RESULTS.md, 2026-11-28).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import type { Result } from 'lighthouse';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:3303';
const RUNS = Number(process.env.LH_RUNS ?? 3); // the median run (by performance score) is reported
const MOBILE = process.env.LH_FORM === 'mobile';

const ONLY = process.env.LH_PAGES?.split(',');
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/contacts', signedIn: true },
  { path: '/campaigns/campaigns', signedIn: true },
  // The template editor opens on SMS (a plain text area); ?type=email is the e-mail editor (Lexical).
  { path: '/campaigns/templates/create', signedIn: true },
  { path: '/campaigns/templates/create?type=email', signedIn: true },
  // Issue 22 adds these two to the mobile measure.
  { path: '/inbox', signedIn: true },
  { path: '/reviews', signedIn: true },
];

/** Signs the demo user in through the Auth.js endpoints and returns a Cookie header. */
async function demoCookie(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header() },
    body: new URLSearchParams({ csrfToken, email: DEMO_EMAIL, password: DEMO_PASSWORD, callbackUrl: '/dashboard' }),
  });
  keep(res);
  if (res.status !== 302 || (res.headers.get('location') ?? '').includes('error')) throw new Error(`demo sign-in failed: ${res.status}`);
  return header();
}

const run = promisify(execFile);

/**
 * Puts the session into the browser's own cookie jar (over the DevTools protocol), where the app's
 * pages, its client-side refresh and its redirects all find it. A Cookie header passed with
 * Lighthouse's --extra-headers was lost on the way: the signed-in pages ended on /login.
 */
async function setBrowserCookies(port: number, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.clearCookies();
    const url = new URL(BASE);
    const cookies = cookieHeader
      .split('; ')
      .filter(Boolean)
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: url.hostname, path: '/' }));
    if (cookies.length) await context.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

interface Row {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** The page's HTML (the RSC payload is inlined in it) as transferred, bytes. */
  html: number;
  /** What the LCP element is and where its time went (LH_VERBOSE), for the record. */
  lcpNote: string;
  report: Result;
}

/** The LCP element's snippet and its phases (TTFB, load delay, load time, render delay), ms. */
function lcpNote(lhr: Result): string {
  type Items = { items?: { node?: { snippet?: string }; items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] };
  const details = lhr.audits['largest-contentful-paint-element']?.details as Items | undefined;
  const tables = details?.items ?? [];
  const snippet = tables[0]?.items?.[0]?.node?.snippet ?? '?';
  const phases = (tables[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(', ');
  return `${snippet.slice(0, 120)} [${phases}]; ${observedOrder(lhr)}`;
}

/**
 * Which scripts had arrived before the paint the unthrottled load observed. Lantern simulates LCP
 * from the requests and main-thread tasks that came before that paint: a script that arrived (and
 * ran) before it is paid at slow 4G and 4x CPU in the simulated LCP, one that came after is not.
 */
function observedOrder(lhr: Result): string {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const paint = metrics.observedLargestContentfulPaint ?? NaN;
  type Request = { resourceType?: string; networkEndTime?: number; transferSize?: number };
  const scripts = ((lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? []).filter((r) => r.resourceType === 'Script');
  const before = scripts.filter((r) => (r.networkEndTime ?? Infinity) <= paint);
  const kb = (rs: Request[]) => (rs.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1);
  return `observed FCP ${Math.round(metrics.observedFirstContentfulPaint ?? NaN)} ms, LCP ${Math.round(paint)} ms; scripts arrived before it: ${before.length} of ${scripts.length} (${kb(before)} of ${kb(scripts)} KB)`;
}

/** Transfer size of the page's document request. */
function htmlBytes(lhr: Result): number {
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items.find((i) => i.resourceType === 'Document')?.transferSize ?? NaN;
}

function parseReport(stdout: string): Partial<Result> {
  try {
    return JSON.parse(stdout) as Partial<Result>;
  } catch {
    return {};
  }
}

async function main() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows: Row[] = [];
  try {
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      const args = [
        'node_modules/lighthouse/cli/index.js',
        `${BASE}${page.path}`,
        `--port=${chrome.port}`,
        '--output=json',
        '--quiet',
        '--only-categories=performance,accessibility,best-practices',
        ...(MOBILE ? [] : ['--preset=desktop']),
      ];
      // Warm the server once (compiled route, database caches) before the measured runs.
      await fetch(`${BASE}${page.path}`, { headers: page.signedIn ? { cookie: await demoCookie() } : {} });
      const runs: Row[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse exits non-zero on a runtime error (e.g. NO_NAVSTART on a busy machine): try again.
        let lhr: Result | undefined;
        for (let attempt = 1; !lhr; attempt++) {
          // A fresh sign-in per run: the session's access token is short-lived and nothing refreshes it here.
          await setBrowserCookies(chrome.port, page.signedIn ? await demoCookie() : '');
          const stdout = await run(process.execPath, args, { maxBuffer: 256 * 2 ** 20 }).then(
            (r) => r.stdout,
            (error: { stdout?: string }) => error.stdout ?? '{}',
          );
          // A run that ends early leaves half a report on stdout: treated like a runtime error.
          const parsed = parseReport(stdout);
          if (parsed.runtimeError || !parsed.categories) {
            if (attempt >= 3) throw new Error(`${page.path}: ${parsed.runtimeError?.message ?? 'no Lighthouse result'}`);
            console.error(`${page.path}: ${parsed.runtimeError?.code ?? 'no result'}, again`);
          } else lhr = parsed as Result;
        }
        if (!lhr.finalDisplayedUrl.endsWith(page.path)) throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
        const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          path: page.path,
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
          lcp: num('largest-contentful-paint'),
          cls: num('cumulative-layout-shift'),
          tbt: num('total-blocking-time'),
          fcp: num('first-contentful-paint'),
          html: htmlBytes(lhr),
          lcpNote: lcpNote(lhr),
          report: lhr,
        });
        if (process.env.LH_VERBOSE) {
          for (const cat of ['accessibility', 'best-practices'] as const) {
            for (const ref of lhr.categories[cat].auditRefs) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.error(`  ${page.path} ${cat}: ${ref.id} (${audit.title})`);
            }
          }
        }
      }
      runs.sort((a, b) => a.performance - b.performance || b.lcp - a.lcp);
      const median = runs[Math.floor(runs.length / 2)];
      rows.push(median);
      console.error(`${page.path}: ${runs.map((r) => `${r.performance}/${Math.round(r.lcp)}ms`).join(', ')}`);
      if (process.env.LH_VERBOSE) console.error(`  LCP element: ${median.lcpNote}`);
      // LH_SAVE=<folder>: the median run's whole report, for where the time goes (main-thread work, requests).
      if (process.env.LH_SAVE) {
        fs.mkdirSync(process.env.LH_SAVE, { recursive: true });
        fs.writeFileSync(path.join(process.env.LH_SAVE, `${page.path.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(median.report));
      }
    }
  } finally {
    chrome.kill();
  }
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' / ');
  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load}; Lighthouse ${MOBILE ? 'mobile' : 'desktop'} preset, median of ${RUNS} runs.\n`);
  console.log('| Page | Performance | Accessibility | Best practices | LCP | CLS | TBT | FCP | HTML (transfer) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(`| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${(r.fcp / 1000).toFixed(2)} s | ${(r.html / 1024).toFixed(1)} KB |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
