import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/ci-summary.mjs closes every CI run. CI keeps only the end of a long log, so the failed
 * tests' names must be printed there: twice a failing unit test could not be named from it.
 */
const script = path.resolve(__dirname, '../../scripts/ci-summary.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function summary(reports: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-summary-'));
  dirs.push(dir);
  for (const [name, report] of Object.entries(reports)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), JSON.stringify(report));
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trimEnd().split('\n') };
}

const vitestReport = (failed: { file: string; title: string; message: string }[]) => ({
  numPassedTests: 3,
  numFailedTests: failed.length,
  numPendingTests: 1,
  testResults: [
    { name: path.resolve('tests/unit/ok.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', title: 'works', fullName: 'ok works' }] },
    ...failed.map((f) => ({
      name: path.resolve(f.file),
      status: 'failed',
      assertionResults: [{ status: 'failed', title: f.title, fullName: `outer ${f.title}`, failureMessages: [`\u001b[31m${f.message}\u001b[39m\n    at Object.<anonymous> (x.ts:1:1)\n    at run (y.js:2:2)`] }],
    })),
  ],
});

describe('ci-summary', () => {
  it('reads the reports Vitest and Playwright wrote themselves (tests/fixtures/ci-reports)', () => {
    const fixture = (name: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/ci-reports', name), 'utf8').replaceAll('<root>', process.cwd()));
    const { status, lines } = summary({ 'postgres/vitest-unit.json': fixture('vitest-unit.json'), 'e2e.json': fixture('e2e.json') });
    expect(status).toBe(1);
    expect(lines).toContain('postgres/vitest-unit.json: 1 passed, 1 failed, 1 skipped');
    // The flaky test passed on its retry: counted as passed.
    expect(lines).toContain('e2e.json: 2 passed, 1 failed, 1 skipped');
    expect(lines).toContain('  tests/unit/zz-sample.test.ts › group commit lingers');
    expect(lines).toContain('    AssertionError: the full group flushed at once: expected 31 to be less than 25');
    expect(lines.some((l) => /^  .*sample\.spec\.ts › inbox › replies$/.test(l))).toBe(true);
    expect(lines).toContain('    Error: the thread shows the reply');
    // Playwright colours its messages and both print stacks: neither reaches the log.
    expect(lines.join('\n')).not.toMatch(/^\s+at |\u001b/m);
    expect(lines.at(-1)).toBe('3 passed, 2 failed, 2 skipped');
  });

  it('names each failed test with its message, without the stack, before the closing totals', () => {
    const { status, lines } = summary({
      'postgres/vitest-unit.json': vitestReport([{ file: 'tests/unit/group.test.ts', title: 'lingers', message: 'AssertionError: expected 31 to be less than 25' }]),
      'e2e.json': {
        stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 },
        suites: [{ title: 'inbox.spec.ts', specs: [], suites: [{ title: 'inbox', specs: [{ title: 'replies', tests: [{ status: 'unexpected', results: [{ error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: getByRole(button)' } }] }] }] }] }],
      },
    });
    expect(status).toBe(1);
    expect(lines.at(-1)).toBe('9 passed, 2 failed, 3 skipped');
    expect(lines).toContain('e2e.json: 6 passed, 1 failed, 2 skipped');
    expect(lines).toContain('  tests/unit/group.test.ts › outer lingers');
    expect(lines).toContain('    AssertionError: expected 31 to be less than 25');
    expect(lines).toContain('  inbox.spec.ts › inbox › replies');
    expect(lines).toContain('    Locator: getByRole(button)');
    expect(lines.join('\n')).not.toMatch(/ at |\u001b/);
  });

  it('prints no failure block and exits 0 when everything passed', () => {
    const { status, lines } = summary({ 'unit/vitest-unit.json': vitestReport([]) });
    expect(status).toBe(0);
    expect(lines).toEqual(['unit/vitest-unit.json: 3 passed, 0 failed, 1 skipped', '3 passed, 0 failed, 1 skipped']);
  });

  it('keeps the first 20 of many failures, and says how many there were', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ file: `tests/unit/t${i}.test.ts`, title: `case ${i}`, message: `Error ${i}` }));
    const { lines } = summary({ 'vitest-unit.json': vitestReport(many) });
    expect(lines).toContain('failed (the first 20 of 25):');
    expect(lines).toContain('  tests/unit/t19.test.ts › outer case 19');
    expect(lines).not.toContain('  tests/unit/t20.test.ts › outer case 20');
  });
});
