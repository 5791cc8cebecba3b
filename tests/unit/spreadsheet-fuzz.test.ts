import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The heap the fuzz run gets: a reader that allocated in proportion to a hostile reference
// (a sheet of 200 million rows, a row of 12 million cells) dies here instead of passing.
const HEAP_MB = 96;

function runNode(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...args], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    // A backstop for a hang (each input's own bound is in CPU time, in the child): a loaded 2-core
    // machine ran the whole fuzz in 150 s where a quiet one takes a fraction of that.
    timeout: 540_000,
    env: { ...process.env, ...env },
  });
}

describe('spreadsheet intake under fuzzing (fast-check, child process with a small heap)', () => {
  it('the small heap does catch a memory blow-up', () => {
    const run = runNode(['-e', 'const keep = []; for (;;) keep.push(new Array(1e6).fill(1));']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/heap out of memory/);
  });

  it('mutated workbooks, .xls files and CSVs each give rows or a typed refusal in time', () => {
    const run = runNode(['--import', 'tsx', 'tests/unit/spreadsheet-fuzz-child.ts']);
    expect(run.stderr.match(/heap out of memory|untyped failure|took \d+ ms of CPU|Property failed[^\n]*/)?.[0] ?? null).toBeNull();
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { outcomes: Record<string, number> };
    // The mutations reach both the readers' happy path and their refusals.
    expect(summary.outcomes.rows).toBeGreaterThan(20);
    expect(Object.keys(summary.outcomes).length).toBeGreaterThan(5);
  }, 600_000);
});
