#!/usr/bin/env node
/**
 * The integration test files CI runs a second time on embedded PGlite, after the whole suite on
 * PostgreSQL. Running everything twice cost CI about a third of its time, for code that is the
 * same SQL on both drivers; these files cover what does differ between them:
 *
 * - the driver layer itself: how raw SQL's rows and row counts come back (db/rows.ts), how
 *   timestamps, arrays and big numbers go in and out (db/timestamp.ts), statements prepared once
 *   (lib/db/prepared.ts), the error a refused write raises (lib/db/unique-violation.ts,
 *   lib/db/foreign-key.ts), migrations and the connection's settings (db/client.ts);
 * - what the app does differently on PGlite: it seeds the demo (lib/seed/policy.ts), and sends
 *   from inside the app process, woken by an in-process signal instead of NOTIFY
 *   (lib/sending/wakeup.ts);
 * - the bulk writes that use one SQL on both drivers (imports, snapshots, rollups), where a
 *   difference in parameter binding would show first.
 *
 * A new test of one of these belongs here. `node tests/pglite-pass.mjs` prints the files, one a
 * line, and fails when one listed is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const pglitePass = [
  // The driver layer.
  'database.test.ts', // opening, migrating, raw SQL on both drivers
  'time-edges.test.ts', // timestamps in and out, time zones
  'impossible-dates.test.ts', // dates the driver or PostgreSQL refuses
  'contacts-api.test.ts', // unique violations (duplicate contacts) through the driver's error
  'team-invitations.test.ts', // a unique violation on accept (lib/team/accept-invitation.ts)
  'locations-api.test.ts', // a delete refused by a foreign key (lib/locations/delete-location.ts)
  'contacts-search.test.ts', // prepared statements and keyset paging (lib/db/prepared.ts)
  'campaigns-snapshot.test.ts', // insert-select snapshots, row counts
  'dashboard-rollups.test.ts', // trigger-kept rollups against sums taken afresh (numeric, bigint)
  'reviews-dashboard.test.ts', // aggregates read back as numbers
  // The demo seeded on PGlite.
  'campaigns-seed.test.ts',
  'contacts-seed.test.ts',
  'locations-seed.test.ts',
  'templates-seed.test.ts',
  'posts.test.ts',
  // Bulk writes: the import's one SQL on both drivers (lib/contacts/import/write-import.ts).
  'contacts-import.test.ts',
  'contacts-import-chunks.test.ts',
  'import-outside-imports.test.ts', // its event-loop check differs by driver
  // Sending from inside the app process, woken in-process.
  'sending-wakeup.test.ts',
  'sending-dispatcher.test.ts',
  'ops-graceful-stop.test.ts', // the dispatch loop stopped on both drivers
].map((file) => `tests/integration/${file}`);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const missing = pglitePass.filter((file) => !fs.existsSync(path.join(root, file)));
  if (missing.length) {
    console.error(`tests/pglite-pass.mjs lists files that do not exist: ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(pglitePass.join('\n'));
}
