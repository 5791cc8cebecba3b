#!/usr/bin/env node
// npm test: lint, types, unit tests and integration tests. Each step runs whatever the one before
// answered, so that one failure still lets the others print their summaries (a chain with && hid
// the integration tests behind any failed unit test); exits 1 if any step failed.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm run lint'],
  ['types', 'npm run typecheck'],
  ['unit tests', 'npm run test:unit'],
  ['integration tests', 'npm run test:integration'],
];
const failed = [];
for (const [name, command] of steps) {
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (status !== 0) failed.push(name);
}
console.log(`\nnpm test: ${steps.map(([name]) => `${name} ${failed.includes(name) ? 'FAILED' : 'passed'}`).join(', ')}`);
process.exit(failed.length ? 1 : 0);
