/**
 * Issue 11: first-load JavaScript per page route of a production build, gzipped, from the build's
 * manifests (Next 16 with Turbopack no longer prints sizes). A route's first load is the root main
 * files (build-manifest.json) plus every entry chunk its client reference manifest names (root and
 * group layouts, error and not-found boundaries, the page); chunks loaded later through
 * next/dynamic are not in it. Also tells which routes carry the Lexical editor in their first load.
 *
 *   NEXT_DIST_DIR=.next-a11y npx next build && NEXT_DIST_DIR=.next-a11y npm run bench:first-load-js
 *
 * Exits 1 when a route is over the budget (FIRST_LOAD_BUDGET_KB, default 200).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

const DIST = process.env.NEXT_DIST_DIR || '.next';
const BUDGET_KB = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 200);

interface ClientManifest {
  entryJSFiles: Record<string, string[]>;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Lexical's editor root carries `data-lexical-editor`: the chunk that holds Lexical's core has it. */
const lexicalCache = new Map<string, boolean>();
function hasLexical(file: string): boolean {
  let found = lexicalCache.get(file);
  if (found === undefined) {
    found = fs.readFileSync(path.join(DIST, file), 'utf8').includes('data-lexical-editor');
    lexicalCache.set(file, found);
  }
  return found;
}

function findManifests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findManifests(full));
    else if (entry.name === 'page_client-reference-manifest.js') out.push(full);
  }
  return out;
}

function loadManifest(file: string): [string, ClientManifest] {
  const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, ClientManifest> } };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
  const [[key, manifest]] = Object.entries(sandbox.globalThis.__RSC_MANIFEST ?? {});
  return [key, manifest];
}

/** "/(app)/contacts/[id]/page" → "/contacts/[id]" */
function routeOf(key: string): string {
  const route = key.replace(/\/page$/, '').split('/').filter((s) => s && !/^\(.*\)$/.test(s)).join('/');
  return `/${route}`;
}

function main() {
  const build = JSON.parse(fs.readFileSync(path.join(DIST, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const rows: { route: string; kb: number; files: number; lexical: boolean }[] = [];
  for (const file of findManifests(path.join(DIST, 'server', 'app'))) {
    const [key, manifest] = loadManifest(file);
    const chunks = new Set<string>(build.rootMainFiles);
    for (const files of Object.values(manifest.entryJSFiles)) for (const f of files) chunks.add(f);
    const bytes = [...chunks].reduce((sum, f) => sum + gzipSize(f), 0);
    rows.push({ route: routeOf(key), kb: bytes / 1024, files: chunks.size, lexical: [...chunks].some(hasLexical) });
  }
  rows.sort((a, b) => b.kb - a.kb);
  console.log(`First-load JS per route (${DIST}, gzip -9), budget ${BUDGET_KB} KB\n`);
  console.log('| Route | First-load JS (gzip) | Chunks | Lexical in first load |');
  console.log('| --- | ---: | ---: | --- |');
  for (const r of rows) console.log(`| ${r.route} | ${r.kb.toFixed(1)} KB | ${r.files} | ${r.lexical ? 'yes' : 'no'} |`);
  const over = rows.filter((r) => r.kb > BUDGET_KB);
  if (over.length) {
    console.error(`\nover ${BUDGET_KB} KB: ${over.map((r) => r.route).join(', ')}`);
    process.exitCode = 1;
  }
}

main();
