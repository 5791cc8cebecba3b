import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` when it can, and probes for that with
 * `Function('')`. Our page CSP has no 'unsafe-eval', so in the browser the probe is refused and
 * reported as a CSP violation on every page that validates a form. Jitless mode skips the probe
 * (and eval) in the browser; the server keeps the faster compiled parsers. Imported once by the
 * client providers of every page (components/shell/app-providers.tsx).
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
