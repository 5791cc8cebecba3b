/**
 * Zod 4 compiles object parsers with `new Function` when it can, and probes for that with
 * `Function('')`. Our page CSP has no 'unsafe-eval', so in the browser the probe is refused and
 * reported as a CSP violation on every page that validates a form. Jitless mode skips the probe
 * (and eval) in the browser; the server keeps the faster compiled parsers. Imported once by the
 * client providers of every page (components/shell/app-providers.tsx), before any schema exists.
 *
 * Written straight into the settings object zod keeps on globalThis (zod's `config()` writes the
 * same object, and zod adopts an existing one when it loads) instead of calling `config()`: this
 * module is in every page's first-load JavaScript, and importing zod here cost ~30 KB gzipped
 * (`z`) or ~5 KB (`config` from zod/v4/core) on every page (issue 11).
 * tests/unit/zod-csp.test.ts checks that zod still reads this setting.
 */
const ZOD_GLOBAL_CONFIG = '__zod_globalConfig';

export function makeZodJitless(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): void {
  const current = scope[ZOD_GLOBAL_CONFIG];
  if (current && typeof current === 'object') (current as { jitless?: boolean }).jitless = true;
  else scope[ZOD_GLOBAL_CONFIG] = { jitless: true };
}

if (typeof window !== 'undefined') makeZodJitless();
