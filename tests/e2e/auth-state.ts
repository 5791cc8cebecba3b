import path from 'node:path';

/**
 * Cookies of the demo user, saved by global-setup.ts; `test.use({ storageState: DEMO_STATE })`.
 * One file per server port: runs against different ports (people testing side by side) would
 * otherwise overwrite each other's session with one their server does not know.
 */
export const DEMO_STATE = path.join('test-results', '.auth', `demo-${process.env.E2E_PORT ?? 3200}.json`);
