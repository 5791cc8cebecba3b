#!/usr/bin/env node
// Where the time of a CI run went: each step's wall time (the steps file .ci/run writes: one
// "name<TAB>seconds<TAB>exit code" a line, in the order the steps ended) and the slowest test files of each runner's JSON report, so that the
// next person making CI faster starts from figures, not guesses.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results/ci';
const SLOWEST = Number(process.argv[3] ?? 12);

const stepsFile = path.join(dir, 'steps.tsv');
if (fs.existsSync(stepsFile)) {
  console.log('wall time per step, in the order they ended (some ran side by side, see .ci/run):');
  for (const line of fs.readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean)) {
    const [name, seconds, code] = line.split('\t');
    console.log(`  ${String(seconds).padStart(6)} s  ${name}${code && code !== '0' ? ` (exit ${code})` : ''}`);
  }
}

const reports = [];
const walk = (d) => fs.existsSync(d) && fs.readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.json') && reports.push(path.join(d, e.name))));
walk(dir);

for (const file of reports.sort()) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  /** [test file, seconds] */
  const times = [];
  if (Array.isArray(report.testResults)) {
    // Vitest: each file's start and end.
    for (const suite of report.testResults) if (suite.endTime && suite.startTime) times.push([path.relative(process.cwd(), suite.name), (suite.endTime - suite.startTime) / 1000]);
  } else if (Array.isArray(report.suites)) {
    // Playwright: one top-level suite per spec file; its tests' runs (retries included) add up.
    const total = (suite) => [...(suite.specs ?? []).flatMap((spec) => (spec.tests ?? []).flatMap((t) => (t.results ?? []).map((r) => r.duration ?? 0))), ...(suite.suites ?? []).map(total)].reduce((a, b) => a + b, 0);
    for (const suite of report.suites) times.push([suite.file ?? suite.title, total(suite) / 1000]);
  }
  if (!times.length) continue;
  const sum = times.reduce((a, [, s]) => a + s, 0);
  console.log(`\n${path.relative(dir, file)}: ${times.length} files, ${sum.toFixed(0)} s of test-file time; the slowest:`);
  for (const [name, seconds] of times.sort((a, b) => b[1] - a[1]).slice(0, SLOWEST)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
}
