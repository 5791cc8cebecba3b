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

/**
 * Imports left out of the graph, each one exactly (file -> file), so no other import can join or
 * start a cycle. They are one direction of the two cycles left, sending <-> campaigns and
 * sending <-> inbox, which another part of issue 21 (lib/sending owns deliveries; inbound SMS moves
 * to lib/inbox) is taking apart at the same time. Delete each line as its import goes; add none.
 */
const ALLOWED_IMPORTS = new Set([
  // lib/sending -> lib/campaigns (campaigns -> sending: preview, transitions, actions)
  'lib/sending/forecast.ts -> lib/campaigns/filters.ts',
  'lib/sending/forecast.ts -> lib/campaigns/lookups.ts',
  'lib/sending/forecast.ts -> lib/campaigns/schema.ts',
  'lib/sending/forecast.ts -> lib/campaigns/settings.ts',
  'lib/sending/forecast.ts -> lib/campaigns/snapshots.ts',
  'lib/sending/schema.ts -> lib/campaigns/schema.ts',
  'lib/sending/start-scheduled.ts -> lib/campaigns/transitions.ts',
  // lib/sending -> lib/inbox (inbox -> sending: campaign-messages)
  'lib/sending/inbound-sms.ts -> lib/inbox/find-contact.ts',
  'lib/sending/inbound-sms.ts -> lib/inbox/record-message.ts',
  'lib/sending/inbound-sms.ts -> lib/inbox/sms-merchant.ts',
  'lib/sending/load-batch.ts -> lib/inbox/reply-address.ts',
  'lib/sending/sms-confirmation.ts -> lib/inbox/record-message.ts',
]);

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
const allowedSeen = new Set();
for (const dir of sourceDirs) {
  for (const file of walk(path.join(root, dir))) {
    const from = moduleOf(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      const to = target && moduleOf(target);
      if (!to || to === from) continue;
      const pair = `${path.relative(root, file)} -> ${path.relative(root, target)}`;
      if (ALLOWED_IMPORTS.has(pair)) {
        allowedSeen.add(pair);
        continue;
      }
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
// Only this repository's list can go stale; a fixture tree has none of its files.
const stale = root === projectRoot ? [...ALLOWED_IMPORTS].filter((pair) => !allowedSeen.has(pair)) : [];
if (stale.length > 0) console.warn(`allowed imports that no longer exist (delete them from ALLOWED_IMPORTS):\n  ${stale.join('\n  ')}`);
if (failed) process.exit(1);
console.log(`import cycles: none among ${edges.size} modules of lib/ and db/${allowedSeen.size ? ` (${allowedSeen.size} allowed imports left out)` : ''}`);
