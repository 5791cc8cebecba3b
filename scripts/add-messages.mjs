#!/usr/bin/env node
// Merges translations into the three message files at once, under a lock so that people working
// side by side do not overwrite each other's keys.
// Input: a JSON file whose leaves are {"zh-CN": "...", "en-US": "...", "zh-HK": "..."}, nested by
// namespace, e.g. {"contacts": {"title": {"zh-CN": "联系人", "en-US": "Contacts", "zh-HK": "聯絡人"}}}.
// Existing keys are replaced; use --remove a.b.c to delete keys.
import fs from 'node:fs';
import path from 'node:path';

const locales = ['zh-CN', 'en-US', 'zh-HK'];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lockDir = path.join(root, 'messages', '.lock');

const args = process.argv.slice(2);
const removals = [];
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--remove') removals.push(args[++i]);
  else inputs.push(args[i]);
}
if (!inputs.length && !removals.length) {
  console.error('usage: node scripts/add-messages.mjs FILE.json [--remove a.b.c]');
  process.exit(2);
}

const isLeaf = (v) => v && typeof v === 'object' && locales.every((l) => typeof v[l] === 'string') && Object.keys(v).length === 3;

function acquire() {
  const deadline = Date.now() + 30000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`lock ${lockDir} held for 30 s; remove it if stale`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
}

acquire();
try {
  const files = Object.fromEntries(locales.map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'messages', `${l}.json`), 'utf8'))]));
  let count = 0;
  const merge = (node, trail) => {
    for (const [key, value] of Object.entries(node)) {
      const here = [...trail, key];
      if (isLeaf(value)) {
        for (const l of locales) {
          let target = files[l];
          for (const part of trail) target = target[part] = target[part] && typeof target[part] === 'object' ? target[part] : {};
          if (!value[l].trim()) throw new Error(`empty ${l} text for ${here.join('.')}`);
          target[key] = value[l];
        }
        count++;
      } else if (value && typeof value === 'object') merge(value, here);
      else throw new Error(`${here.join('.')} is not a {zh-CN, en-US, zh-HK} leaf`);
    }
  };
  for (const input of inputs) merge(JSON.parse(fs.readFileSync(input, 'utf8')), []);
  for (const key of removals) {
    for (const l of locales) {
      const parts = key.split('.');
      let target = files[l];
      for (const part of parts.slice(0, -1)) target = target?.[part];
      if (target) delete target[parts[parts.length - 1]];
    }
  }
  for (const l of locales) {
    const file = path.join(root, 'messages', `${l}.json`);
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(files[l], null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  }
  console.log(`merged ${count} keys, removed ${removals.length}`);
} finally {
  fs.rmSync(lockDir, { recursive: true, force: true });
}
