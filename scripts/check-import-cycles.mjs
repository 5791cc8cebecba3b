#!/usr/bin/env node
// Fails on a cycle between lib's domains (lib/<domain>/… or a top-level lib/<file>.ts) and on any
// import from db/ up into lib/. A file-level check misses the coupling that matters here: two
// domains that each reach into the other through different files (issue 21). Part of `npm run lint`.
// `node scripts/check-import-cycles.mjs [root]`: root defaults to this repository (tests pass a
// fixture tree).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const root = process.argv[2] ? path.resolve(process.argv[2]) : projectRoot;

const sourceDirs = ['lib', 'db'];
const extensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function walk(dir) {
  const files = [];
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(full));
    else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** lib/sending/x.ts -> lib/sending; lib/app-url.ts -> lib/app-url; db/schema/x.ts -> db. */
function moduleOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'db') return 'db';
  if (parts[0] !== 'lib') return null;
  return parts.length === 2 ? `lib/${parts[1].replace(/\.[^.]+$/, '')}` : `lib/${parts[1]}`;
}

function resolveImport(fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const candidates = [base, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** module -> module -> [example "from -> to" file pairs] */
const edges = new Map();
const upward = [];
for (const dir of sourceDirs) {
  for (const file of walk(path.join(root, dir))) {
    const from = moduleOf(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      const to = target && moduleOf(target);
      if (!to || to === from) continue;
      const pair = `${path.relative(root, file)} -> ${path.relative(root, target)}`;
      if (from === 'db' && to.startsWith('lib/')) upward.push(pair);
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, []);
      out.get(to).push(pair);
    }
  }
}

// Tarjan's strongly connected components over the module graph.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of edges.keys()) if (!index.has(v)) connect(v);

let failed = false;
for (const component of components) {
  failed = true;
  console.error(`import cycle between ${component.join(', ')}:`);
  const members = new Set(component);
  for (const from of component) {
    for (const [to, pairs] of edges.get(from) ?? []) {
      if (members.has(to)) console.error(`  ${from} -> ${to}: ${pairs.slice(0, 3).join('; ')}${pairs.length > 3 ? ` (+${pairs.length - 3})` : ''}`);
    }
  }
}
if (upward.length > 0) {
  failed = true;
  console.error(`db/ imports from lib/ (db sits below lib):\n  ${upward.join('\n  ')}`);
}
if (failed) process.exit(1);
console.log(`import cycles: none among ${edges.size} modules of lib/ and db/`);
