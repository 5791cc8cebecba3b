import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 11 item 3: every auth decision is made again behind the proxy (proxy.ts is only a
 * convenience; CVE-2025-29927 showed a proxy can be skipped). A static audit of the file system,
 * so a new page, action or route is covered the day it is added. The runtime proof (tokens of
 * another merchant, no token) is the tenant sweep; this test proves nothing relies on the proxy.
 */

const root = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function walk(dir: string, match: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(rel, match));
    else if (match(entry.name)) out.push(rel);
  }
  return out.sort();
}

const CHECKS = /\b(requireSession|requirePermission|currentSession)\(/;

/** The file an `@/…` import names, if it is ours. */
function resolveImport(spec: string): string | null {
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) {
    const candidate = spec.replace(/^@\//, '') + ext;
    if (fs.existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

describe('auth is decided again behind the proxy', () => {
  it('every signed-in page checks the session itself (directly or in the component it renders)', () => {
    const pages = walk('app/(app)', (n) => n === 'page.tsx');
    expect(pages.length).toBeGreaterThan(15);
    const unchecked = pages.filter((page) => {
      const source = read(page);
      if (CHECKS.test(source)) return false;
      // A page that only redirects shows nothing.
      if (/\bredirect\(/.test(source) && !/return\s*</.test(source)) return false;
      const imported = [...source.matchAll(/from '(@\/components\/[^']+)'/g)].map((m) => resolveImport(m[1])).filter((f): f is string => !!f);
      return !imported.some((file) => CHECKS.test(read(file)));
    });
    expect(unchecked).toEqual([]);
    // And the signed-in layout checks too (the full-page load path).
    expect(read('app/(app)/layout.tsx')).toMatch(CHECKS);
  });

  // Server actions reachable without a session, each with the reason it is safe.
  const PUBLIC_ACTIONS: Record<string, string> = {
    'app/(auth)/login/actions.ts': 'sign-in itself and its two-step second step (the signed challenge; both rate-limited by the login service)',
    'app/(auth)/portal/invite/actions.ts': "accepting a team invitation (the e-mailed link's signed, single-use token is the authority)",
    'app/(auth)/login/password-actions.ts': 'forgot password (same answer for any e-mail, rate-limited) and reset (the e-mailed link token is the authority)',
    'app/(auth)/portal/actions.ts': 'registration (the verification token is the authority)',
    'app/(auth)/portal/verify-email/actions.ts': 'service e-mail confirmation link (signed token)',
    'lib/consent/public-actions.ts': "a contact's own opt-in/out (unguessable token)",
    'lib/i18n/locale-actions.ts': 'the language preference cookie',
    'components/shell/sign-out-action.ts': 'sign-out (revokes only the caller\u2019s own session)',
  };

  it('every server action goes through authedAction or checks the session, unless listed as public', () => {
    const files = [...walk('app', (n) => /\.tsx?$/.test(n)), ...walk('lib', (n) => /\.tsx?$/.test(n)), ...walk('components', (n) => /\.tsx?$/.test(n))].filter((f) => /^['"]use server['"]/m.test(read(f)));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      if (PUBLIC_ACTIONS[file]) continue;
      const source = read(file);
      // Local wrappers (`const checked = authedAction(…)`) an exported function may delegate to.
      const wrapped = [...source.matchAll(/const (\w+) = authedAction\(/g)].map((m) => m[1]);
      for (const match of source.matchAll(/^export (?:const (\w+) = (\w+)\(|async function (\w+)\()/gm)) {
        const name = match[1] ?? match[3];
        if (match[2] === 'authedAction') continue;
        // An exported function must check the session in its own body.
        const body = source.slice(match.index, source.indexOf('\n}', match.index));
        if (!CHECKS.test(body) && !wrapped.some((w) => new RegExp(`\\b${w}\\(`).test(body))) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
    for (const file of Object.keys(PUBLIC_ACTIONS)) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('authedAction checks the session and the permission itself', () => {
    const wrapper = read('lib/auth/authed-action.ts');
    expect(wrapper).toMatch(/requireSession|currentSession/);
    expect(wrapper).toMatch(/permission/);
  });

  // Routes that do not use the route() wrapper, each with the check it does itself.
  const OWN_AUTH_ROUTES: Record<string, RegExp> = {
    'app/api/auth/[...nextauth]/route.ts': /handlers/, // Auth.js's own endpoints (CSRF-checked)
    'app/api/t/o/[id]/[sig]/route.ts': /verif/i, // open pixel: a per-delivery signature
    'app/api/t/c/[id]/route.ts': /verifyClick/, // click redirect: a per-delivery signature
    'app/api/[[...path]]/route.ts': /routeNotFound/, // unknown /api paths: the 404 envelope, reads nothing
  };

  it('every API route authenticates through route()/actionRoute() or checks a signature itself', () => {
    const routes = walk('app/api', (n) => n === 'route.ts');
    const offenders = routes.filter((file) => {
      const source = read(file);
      if (OWN_AUTH_ROUTES[file]) return !OWN_AUTH_ROUTES[file].test(source);
      return !/\b(route|actionRoute)\(/.test(source);
    });
    expect(offenders).toEqual([]);
    // route() verifies the bearer token for every non-public route.
    expect(read('lib/api/route.ts')).toMatch(/auth/);
  });
});
