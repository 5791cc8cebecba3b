#!/usr/bin/env node
// Part of `npm run build`, after `next build`: completes the self-contained server that
// `output: 'standalone'` (next.config.ts) leaves in <distDir>/standalone. Next copies only the
// server and the node_modules files it traced; the rest is copied here:
//   public/                  -> standalone/public
//   <distDir>/static         -> standalone/<distDir>/static   (the browser's JS and CSS)
//   db/migrations            -> standalone/db/migrations      (applied at start, read by /api/ready)
//   lib/auth/common-passwords.txt                             (read by the password check)
// (the last two are read from the working directory, which server.js sets to its own folder)
// then writes standalone/.starloop-prepared with the BUILD_ID, which scripts/serve.mjs checks
// before it runs standalone/server.js (a bare `next build` leaves it absent or stale).
// The distDir is NEXT_DIST_DIR's, as in next.config.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distName = process.env.NEXT_DIST_DIR || '.next';
const distDir = path.resolve(root, distName);
const standalone = path.join(distDir, 'standalone');
const server = path.join(standalone, 'server.js');

if (!fs.existsSync(server)) {
  console.error(`[build-standalone] ${path.relative(root, server)} is missing: next build did not produce the standalone server (output: 'standalone', and NEXT_DIST_DIR the same as the build's)`);
  process.exit(1);
}
const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
const marker = path.join(standalone, '.starloop-prepared');
fs.rmSync(marker, { force: true });
// The tracer follows the app's `.data/...` paths and copies what it finds there (this machine's
// local secret, say): a build never carries local data.
fs.rmSync(path.join(standalone, '.data'), { recursive: true, force: true });

// Inside standalone/, the build folder has the same name relative to server.js as here.
const copies = [
  ['public', path.join(standalone, 'public')],
  [path.join(distName, 'static'), path.join(standalone, path.relative(root, distDir), 'static')],
  [path.join('db', 'migrations'), path.join(standalone, 'db', 'migrations')],
  [path.join('lib', 'auth', 'common-passwords.txt'), path.join(standalone, 'lib', 'auth', 'common-passwords.txt')],
];
for (const [from, to] of copies) {
  const source = path.resolve(root, from);
  if (!fs.existsSync(source)) {
    if (from === 'public') continue;
    console.error(`[build-standalone] ${from} is missing`);
    process.exit(1);
  }
  // Replaced whole: a migration or asset removed since the last build must not linger.
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(source, to, { recursive: true });
}
fs.writeFileSync(marker, `${buildId}\n`);
console.log(`[build-standalone] ${path.relative(root, standalone)} ready (build ${buildId}): node scripts/serve.mjs, or node ${path.relative(root, server)} with HOSTNAME and PORT`);
