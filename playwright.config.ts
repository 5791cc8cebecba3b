import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3200);
export const baseURL = `http://127.0.0.1:${port}`;

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

/**
 * End-to-end tests against a production build (`next build` first) in Debian's Chromium. The
 * server starts on a fresh embedded database (or DATABASE_URL) with the demo data seeded.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: {
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `${baseURL}/login`,
    // CI starts it beside the integration tests on PostgreSQL (.ci/run): seeding the demo and
    // starting the server share two cores with them: more than the 2 minutes that did alone.
    timeout: 300_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
