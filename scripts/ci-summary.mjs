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
for (const file of files.sort()) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p = 0, f = 0, s = 0;
  if (typeof report.numPassedTests === 'number') {
    // Vitest's json reporter (Jest-compatible).
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright's json reporter: flaky tests passed on retry.
    p = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    f = report.stats.unexpected ?? 0;
    s = report.stats.skipped ?? 0;
  }
  console.log(`${path.relative(dir, file)}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p; failed += f; skipped += s;
}
if (!files.length) console.log('no test reports found');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || !files.length ? 1 : 0);
