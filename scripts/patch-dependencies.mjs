#!/usr/bin/env node
// Runs after `npm install` (package.json "postinstall"). Fixes a known defect of postgres.js 3.4.9
// that a database restart turns into a crash of the whole app (issue 11, faults):
// https://github.com/porsager/postgres/issues/1154 and /1208 (fix proposed in PR 1209, unreleased).
//   - a small write is flushed from a setImmediate; when the connection closed in between,
//     `nextWrite` called `socket.write` on null: an uncaught TypeError from the timer, which no
//     caller can catch (seen in tests/integration/faults-restart.test.ts); now the queries of that
//     connection fail with CONNECTION_CLOSED, which the app answers with its 503 and retries;
//   - `closed()` and `terminate()` cancel that timer without forgetting it or the buffered bytes,
//     so a reconnected connection never flushed again, or sent the dead one's bytes first.
// Idempotent; warns (and changes nothing) when postgres.js no longer has this code.
import fs from 'node:fs';
import path from 'node:path';

const MARK = '/* starloop: patched nextWrite */';
const files = ['src/connection.js', 'cjs/src/connection.js'].map((f) => path.join(process.cwd(), 'node_modules', 'postgres', f));

const replacements = [
  [
    'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `function nextWrite(fn) { ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  ['    clearImmediate(nextWriteTimer)\n    if (socket) {', '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {'],
  ['    clearImmediate(nextWriteTimer)\n    socket.removeListener(\'data\', data)', "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)"],
];

for (const file of files) {
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, 'utf8');
  if (text.includes(MARK)) continue;
  const missing = replacements.filter(([from]) => !text.includes(from));
  if (missing.length) {
    console.warn(`[patch-dependencies] ${path.relative(process.cwd(), file)}: code changed upstream, not patched; check whether the nextWrite fix is released`);
    continue;
  }
  for (const [from, to] of replacements) text = text.replace(from, to);
  fs.writeFileSync(file, text);
  console.log(`[patch-dependencies] patched ${path.relative(process.cwd(), file)} (postgres.js nextWrite after close)`);
}

// postal-mime 4.0.0 joins a part's decoded lines with `new Blob(chunks)`: one chunk per line (two
// for plain 7/8-bit text), and Node's Blob costs more than linearly in its number of parts. A
// 20 MB text/plain mail from any sender held the request thread ~8 s (found from outside; 1.5 M
// parts took 14 s in a bare Blob). The chunks are now copied into one buffer first, which the Blob
// then holds as a single part: the same bytes, in ~30 ms.
const BLOB_MARK = '/* starloop: one-part blob */';
const joinChunks = `${BLOB_MARK}((chunks) => { const encoder = new TextEncoder(); const parts = chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : ArrayBuffer.isView(c) ? new Uint8Array(c.buffer, c.byteOffset, c.byteLength) : new Uint8Array(c))); let size = 0; for (const p of parts) size += p.byteLength; const all = new Uint8Array(size); let at = 0; for (const p of parts) { all.set(p, at); at += p.byteLength; } return [all]; })(this.chunks)`;
for (const flavour of ['esm', 'cjs']) {
  for (const decoder of ['pass-through-decoder.js', 'base64-decoder.js', 'qp-decoder.js']) {
    const file = path.join(process.cwd(), 'node_modules', 'postal-mime', 'dist', flavour, decoder);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes(BLOB_MARK)) continue;
    const from = 'new Blob(this.chunks, ';
    if (!text.includes(from)) {
      console.warn(`[patch-dependencies] ${path.relative(process.cwd(), file)}: code changed upstream, not patched; check whether postal-mime still builds a Blob of many parts`);
      continue;
    }
    fs.writeFileSync(file, text.replace(from, `new Blob(${joinChunks}, `));
    console.log(`[patch-dependencies] patched ${path.relative(process.cwd(), file)} (postal-mime one-part blob)`);
  }
}
