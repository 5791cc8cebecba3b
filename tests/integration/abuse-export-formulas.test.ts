import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as exporter from '@/app/api/member/export/route';

/**
 * A contact name that looks like a formula, exported and opened in a spreadsheet program
 * (Gnumeric's ssconvert, as Excel, LibreOffice and Google Sheets read CSV and .xlsx): each cell
 * must come back as the text typed, never a computed value.
 */
const t = setupTestDatabase();
const FORMULAS = ['=1+2', '+1+2', '-1+2', '@SUM(1,2)', '\t=1+2', '\r=1+2', '=HYPERLINK("http://evil.example","x")', "=cmd|' /C calc'!A0"];

function hasSsconvert(): boolean {
  try {
    execFileSync('ssconvert', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function exportFile(token: string, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const res = await exporter.GET(new Request(`http://localhost/api/member/export?format=${format}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The cells as Gnumeric shows them after opening the file (its values, formulas computed). */
function openedInGnumeric(bytes: Buffer, format: 'csv' | 'xlsx'): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-formulas-'));
  try {
    fs.writeFileSync(path.join(dir, `export.${format}`), bytes);
    execFileSync('ssconvert', [path.join(dir, `export.${format}`), path.join(dir, 'shown.csv')], { stdio: 'ignore' });
    return Papa.parse<string[]>(fs.readFileSync(path.join(dir, 'shown.csv'), 'utf8').replace(/^\uFEFF/, '')).data;
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

describe(`exported formulas stay text (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: every formula-like name is shown as typed, none computed`, async (ctx) => {
      if (!hasSsconvert()) {
        if (process.env.CI) throw new Error('ssconvert (Debian package gnumeric) is missing');
        return ctx.skip();
      }
      const m = await createMerchant(t.db, { locale: 'en-US' });
      for (const [i, name] of FORMULAS.entries()) {
        const created = await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: name, lastName: `Row${i}`, email: `f${i}@example.com` } });
        expect(created.status, JSON.stringify(name)).toBe(200);
      }
      const stored = (await callApi<{ records: { firstName: string }[] }>(list.GET, { path: '/member?pageSize=100', token: m.token })).body.data.records.map((r) => r.firstName);
      const shown = openedInGnumeric(await exportFile(m.token, format), format).flat();
      for (const name of stored) {
        expect(shown, JSON.stringify(name)).toContain(name);
      }
      // Nothing was computed: no 3 (=1+2, +1+2, @SUM(1,2)), no 1 (-1+2).
      expect(shown).not.toContain('3');
      expect(shown).not.toContain('1');
    });
  }
});
