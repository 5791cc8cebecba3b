import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { POST_REQUEST_MAX_BYTES } from './lib/posts/limits';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS, HSTS_HEADER } from './lib/security/headers';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  // The catalogues' ICU messages are compiled at build time (next-intl's catalog loader, on every
  // import of messages/*.json in the app's bundles), so the browser gets the small formatter
  // without the ICU parser (issue 22: ~7 KB gzipped of every page's first-load JavaScript). Code
  // outside the bundles (tests, the worker, scripts) reads the plain JSON with the full formatter.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that break when bundled; argon2 is a native addon. drizzle-orm:
  // bundled, its classes existed in several copies, so its `is()` checks missed `instanceof` and
  // walked prototype chains, ~500 times per list request (bench/RESULTS.md, issue 11).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'drizzle-orm'],
  // Separate build folders let several builds (people working side by side, CI) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // A self-contained server in <distDir>/standalone (server.js and the node_modules files it
  // needs), completed by scripts/build-standalone.mjs (static files, public/, migrations) and
  // started by scripts/serve.mjs. See docs/deploy.md.
  output: 'standalone',
  // The tracer follows the app's `process.cwd()` paths; what lives there at run time is copied
  // by scripts/build-standalone.mjs (which also drops any `.data/` the tracer took), never tests.
  outputFileTracingExcludes: { '*': ['.data/**', 'tests/**', 'bench/**', 'test-results/**', 'dist/**'] },
  poweredByHeader: false,
  experimental: {
    // Server actions carry form fields, never files (uploads and imports are /api routes with their
    // own limits, lib/http/read-body.ts), counted by Next as it reads. The largest is a post at its
    // 500,000-character limit (~2.9 MB in the worst JSON, lib/posts/limits.ts): at 1 MB a long
    // Chinese post failed to save with a 500; anything larger is refused by the form's schema first.
    serverActions: { bodySizeLimit: POST_REQUEST_MAX_BYTES },
    // Page requests pass through proxy.ts, for which Next buffers up to this much of the body
    // (10 MB by default) before the action reads it: no more than the action may take, and no
    // less (past it Next cuts the body, and the action failed on a truncated JSON).
    proxyClientMaxBodySize: POST_REQUEST_MAX_BYTES,
  },
  typedRoutes: false,
  // `npm test` type-checks the whole project (tsc) before any build; a second pass here only
  // costs CI minutes.
  typescript: { ignoreBuildErrors: true },
  // Security headers for every response; the page CSP (with its per-request nonce) comes from
  // proxy.ts. See docs/security.md.
  async headers() {
    return [
      { source: '/:path*', headers: COMMON_SECURITY_HEADERS },
      { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS_HEADER] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
      // Click redirects send no referrer (the signed tracking URL stays ours). Config headers win
      // over a route's own, so this one is said here.
      { source: '/api/t/:path*', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
    ];
  },
};

export default withNextIntl(nextConfig);
