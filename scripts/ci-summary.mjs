#!/usr/bin/env node
// Adds up the JSON reports of the Vitest and Playwright runs of one CI run and prints one closing
// line, 'N passed, N failed, N skipped', that any reader of CI output understands.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results/ci';
const files = [];
const walk = (d) => fs.existsSync(d) && fs.readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.json') && files.push(path.join(d, e.name))));
walk(dir);

let passed = 0, failed = 0, skipped = 0;
/** Each failed test's name and the start of its message: printed last, so a truncated log keeps them. */
const failures = [];
const firstLines = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((line) => line.trim() && !/^\s*at /.test(line)).slice(0, 6).join('\n    ');
/** Playwright nests suites (file, describe) around specs; a spec's tests are its runs per project. */
const playwrightFailures = (suite, trail) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected') {
        const result = test.results?.at(-1);
        failures.push(`${[...trail, spec.title].join(' › ')}\n    ${firstLines(result?.error?.message ?? result?.errors?.[0]?.message)}`);
      }
  for (const inner of suite.suites ?? []) playwrightFailures(inner, [...trail, inner.title]);
};
for (const file of files.sort()) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p = 0, f = 0, s = 0;
  if (typeof report.numPassedTests === 'number') {
    // Vitest's json reporter (Jest-compatible).
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? [])
        if (test.status === 'failed') failures.push(`${path.relative(process.cwd(), suite.name)} › ${test.fullName ?? test.title}\n    ${firstLines(test.failureMessages?.[0])}`);
      // A file that failed to load has no tests, only a message.
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).length) failures.push(`${path.relative(process.cwd(), suite.name)}\n    ${firstLines(suite.message)}`);
    }
  } else if (report.stats) {
    // Playwright's json reporter: flaky tests passed on retry.
    p = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    f = report.stats.unexpected ?? 0;
    s = report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) playwrightFailures(suite, [suite.title]);
  }
  console.log(`${path.relative(dir, file)}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p; failed += f; skipped += s;
}
if (failures.length) console.log(`\nfailed${failures.length > 20 ? ` (the first 20 of ${failures.length})` : ''}:\n${failures.slice(0, 20).map((f) => `  ${f}`).join('\n')}\n`);
if (!files.length) console.log('no test reports found');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || !files.length ? 1 : 0);
