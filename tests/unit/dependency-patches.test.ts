import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// scripts/patch-dependencies.mjs (postinstall) guards postgres.js's deferred write after a closed
// connection; without it a database restart can crash the app (an uncaught TypeError).
describe('patched dependencies', () => {
  it.each(['src/connection.js', 'cjs/src/connection.js'])('postgres.js %s carries the nextWrite guard', (file) => {
    const text = fs.readFileSync(path.join(process.cwd(), 'node_modules', 'postgres', file), 'utf8');
    expect(text).toContain('/* starloop: patched nextWrite */');
    expect(text).toMatch(/if \(!socket\) \{[^}]*CONNECTION_CLOSED/);
  });
});
