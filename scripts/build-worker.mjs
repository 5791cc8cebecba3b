#!/usr/bin/env node
// Part of `npm run build`: the processes beside the web server, bundled ahead of time with esbuild
// into plain JavaScript, so production runs no tsx and no TypeScript:
//   dist/worker.mjs   the sending worker (`npm run worker`, scripts/worker.ts)
//   dist/migrate.mjs  the migrations, run before new code starts (scripts/db-migrate.ts)
//   dist/seed.mjs     the demo data, for evaluation hosts only (scripts/db-seed.ts)
// Everything is bundled (one copy of drizzle-orm, so its `is()` checks stay cheap) except PGlite
// (WASM and data files read beside its module) and argon2 (a native addon): those load from
// node_modules when used, and a worker on PostgreSQL never loads PGlite. The migrations are read
// at run time from db/migrations under the working directory (db/client.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
export const ENTRIES = { worker: 'scripts/worker.ts', migrate: 'scripts/db-migrate.ts', seed: 'scripts/db-seed.ts' };
export const EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2'];

await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // One file per entry: shared code is repeated, not split into chunks a deploy could mismatch.
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL,
  tsconfig: path.join(root, 'tsconfig.json'),
  // CommonJS packages bundled into ESM still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __starloopCreateRequire } from 'node:module'; const require = __starloopCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: false,
});
console.log(`[build-worker] ${Object.keys(ENTRIES).map((name) => `dist/${name}.mjs`).join(', ')}`);
