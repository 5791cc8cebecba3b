import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createImportPlanner, type ExistingContact } from '@/lib/contacts/import/plan-import';
import type { RowValues } from '@/lib/contacts/import/row-values';
import { conflictChoices, type ConflictChoice } from '@/lib/contacts/limits';
import { decodeText, detectEncoding, textEncodings } from '@/lib/spreadsheet/text-encoding';

// Few keys, so rows collide with each other and with the contacts.
const email = fc.constantFrom(null, 'a@x.io', 'b@x.io', 'c@x.io', 'd@x.io');
const phone = fc.constantFrom(null, '+85291234561', '+85291234562', '+85291234563', '+85291234564');
const choice = fc.constantFrom(...conflictChoices);

function values(e: string | null, p: string | null): RowValues {
  return { firstName: 'N', lastName: 'M', email: e, phone: p, gender: null, type: null, locationName: null, tags: [], emailOptIn: null, smsOptIn: null, locale: null, customFields: {} };
}

/** Contacts with unique e-mails and phones, as the database holds them. */
const existingContacts = fc.array(fc.tuple(email, phone), { maxLength: 5 }).map((pairs) => {
  const emails = new Set<string>();
  const phones = new Set<string>();
  return pairs.flatMap(([e, p], i): ExistingContact[] => {
    const ownE = e && !emails.has(e) ? (emails.add(e), e) : null;
    const ownP = p && !phones.has(p) ? (phones.add(p), p) : null;
    if (!ownE && !ownP) return [];
    return [{ id: i + 1, first_name: 'Old', last_name: String(i), email: ownE, phone: ownP, gender: 'unknown', type: 'leads', location_id: null, tags: [], custom_fields: {}, email_opt_in: null, sms_opt_in: null, locale: null }];
  });
});

describe('the merge rule (fast-check)', () => {
  it('never replaces an e-mail or phone a contact has, nor gives a new contact one another holds, unless the row was chosen to update', () => {
    fc.assert(
      fc.property(existingContacts, fc.array(fc.tuple(email, phone, fc.option(choice)), { minLength: 1, maxLength: 12 }), fc.option(choice), (existing, rows, forAll) => {
        const byRow = new Map<number, ConflictChoice>();
        rows.forEach(([, , c], i) => c && byRow.set(i + 2, c));
        const planner = createImportPlanner({ byRow, otherwise: forAll ?? 'skip' });
        const candidates = rows.filter(([e, p]) => e || p).map(([e, p], i) => ({ row: { rowNumber: i + 2, cells: [] }, values: values(e, p), locationId: null }));
        const plan = planner.plan(candidates, existing);
        const chosenUpdate = new Set(plan.conflicts.filter((c) => c.conflict.choice === 'update').map((c) => c.conflict.contact.id));
        for (const u of plan.updates) {
          const before = existing.find((c) => c.id === u.id) as ExistingContact;
          if (chosenUpdate.has(before.id)) continue;
          if (before.email) expect(u.email).toBe(before.email);
          if (before.phone) expect(u.phone).toBe(before.phone);
        }
        // Keys stay unique: no written contact takes a key another (untouched) contact holds.
        const written = [...plan.inserts, ...plan.updates];
        for (const w of written) {
          for (const other of existing) {
            if (other.id === w.id) continue;
            const movedAway = plan.updates.find((u) => u.id === other.id);
            if (w.email && other.email === w.email) expect(movedAway?.email).not.toBe(w.email);
            if (w.phone && other.phone === w.phone) expect(movedAway?.phone).not.toBe(w.phone);
          }
        }
        // With nothing chosen, conflicts are all skipped: every one is listed and nothing written for it.
        if (!forAll && byRow.size === 0) for (const c of plan.conflicts) expect(c.conflict.choice).toBe('skip');
        expect(plan.inserts.length + plan.updates.length + plan.unchanged + plan.rejected.length + plan.conflicts.filter((c) => c.conflict.choice === 'skip').length).toBe(candidates.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the text decoder (fast-check)', () => {
  it('answers any bytes with an encoding it knows or "no text", never a throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const encoding = detectEncoding(bytes);
        expect(encoding === null || textEncodings.includes(encoding)).toBe(true);
        const decoded = decodeText(bytes);
        if (decoded) expect(textEncodings).toContain(decoded.encoding);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every text in the encoding the merchant chose', () => {
    const letters: Record<string, string[]> = {
      'windows-1252': ['José', 'Müller', 'Søren', 'Œuvre', 'Ñuñez', 'Ana', '€'],
      gb18030: ['张伟', '王芳', '李娜', '刘洋', 'Li'],
      big5hkscs: ['陳大文', '李嘉欣', '嘅', '啲', 'Wong'],
      shift_jis: ['山田太郎', 'メール', 'さとう', 'Ken'],
      'euc-kr': ['김민수', '이영희', 'Park'],
      'utf-8': ['José', '张伟', '김민수', '😀'],
      'utf-16le': ['José', '张伟', '김민수'],
      'utf-16be': ['José', '张伟', '김민수'],
    };
    for (const [encoding, words] of Object.entries(letters)) {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 30 }), (parts) => {
          const text = `Name,Email\r\n${parts.join(',')}\r\n`;
          const decoded = decodeText(iconv.encode(text, encoding), encoding as (typeof textEncodings)[number]);
          expect(decoded?.text).toBe(text);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('detects a Western, Japanese, Korean or Chinese file of a few lines by itself', () => {
    const samples: [string, string][] = [
      ['windows-1252', 'Name,E-mail\r\nJosé Müller,jose@example.com\r\nFrançois Gérard,fg@example.fr\r\n'],
      ['shift_jis', '氏名,メールアドレス\r\n山田太郎,yamada@example.jp\r\n佐藤花子,sato@example.jp\r\n'],
      ['euc-kr', '이름,이메일\r\n김민수,kim@example.kr\r\n이영희,lee@example.kr\r\n'],
      ['gb18030', '姓名,邮箱\r\n张伟,zhang@example.com\r\n王芳,wang@example.com\r\n'],
      ['big5hkscs', '姓名,電郵\r\n陳大文,chan@example.hk\r\n李嘉欣,lee@example.hk\r\n'],
    ];
    for (const [encoding, text] of samples) expect(detectEncoding(iconv.encode(text, encoding)), encoding).toBe(encoding);
  });
});
