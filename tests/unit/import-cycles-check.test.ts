import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(__dirname, '../../scripts/check-import-cycles.mjs');
const roots: string[] = [];

/** A throwaway source tree: path -> file text. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

// Each run starts node and loads typescript: seconds on a busy machine.
describe('scripts/check-import-cycles.mjs', { timeout: 30_000 }, () => {
  it('passes a tree whose domains import one way', () => {
    const root = tree({
      'db/client.ts': 'export const db = 1;\n',
      'lib/errors/app-error.ts': 'export class AppError extends Error {}\n',
      'lib/contacts/service.ts': "import { db } from '@/db/client';\nimport { AppError } from '@/lib/errors/app-error';\nexport const x = [db, AppError];\n",
      'lib/campaigns/service.ts': "import { x } from '../contacts/service';\nexport const y = x;\n",
    });
    const result = check(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/import cycles: none/);
  });

  it('fails on two domains that reach into each other through different files', () => {
    const root = tree({
      'lib/contacts/save.ts': "import { record } from '@/lib/consent/record';\nexport const save = record;\n",
      'lib/contacts/links.ts': 'export const link = 1;\n',
      'lib/consent/record.ts': 'export const record = 1;\n',
      'lib/consent/page.ts': "import { link } from '../contacts/links';\nexport const page = link;\n",
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/import cycle between lib\/consent, lib\/contacts/);
    expect(result.stderr).toMatch(/lib\/consent\/page\.ts -> lib\/contacts\/links\.ts/);
  });

  it('fails on an import from db/ up into lib/', () => {
    const root = tree({
      'db/client.ts': "import { guard } from '../lib/db/guard';\nexport const db = guard;\n",
      'lib/db/guard.ts': 'export const guard = 1;\n',
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/db\/client\.ts -> lib\/db\/guard\.ts/);
  });
});
