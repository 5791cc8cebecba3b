import { describe, expect, it } from 'vitest';
import { readRow } from '@/lib/contacts/import/row-values';
import { readCsv } from '@/lib/spreadsheet/read-csv';
import { AppError } from '@/lib/errors/app-error';

const headers = ['姓名', '邮箱', '备注', '标签'];
const columns = ['fullName', 'email', 'custom', 'tags'] as const;
const row = (note: string, tags = '') => readRow(['A B', 'a@example.com', note, tags], columns, headers, 'zh-CN');

describe('an import row over a field bound (found from outside: cut to fit without a word)', () => {
  it('keeps values at the bound whole', () => {
    const ok = row('y'.repeat(500), 't'.repeat(30));
    expect(ok.ok && ok.values.customFields['备注'].length).toBe(500);
    expect(ok.ok && ok.values.tags).toEqual(['t'.repeat(30)]);
  });

  it('refuses the row, naming the column and the bound, one character past it', () => {
    expect(row('y'.repeat(501))).toEqual({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { column: '备注', max: 500 } });
    expect(row('ok', 't'.repeat(31))).toEqual({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { column: '标签', max: 30 } });
    expect(row('ok', Array.from({ length: 21 }, (_, i) => `t${i}`).join(','))).toEqual({ ok: false, reason: 'contacts.import.reasons.tooManyTags', values: { max: 20 } });
    expect(readRow(['x'.repeat(101), 'a@example.com'], ['firstName', 'email'], ['名', '邮箱'], 'zh-CN')).toMatchObject({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { column: '名', max: 100 } });
  });
});

describe('a CSV quote never closed', () => {
  it('is refused, naming the row where it opens, instead of swallowing the rows after it', () => {
    const refusal = (text: string) => {
      try {
        readCsv(text);
      } catch (error) {
        return error instanceof AppError ? [error.messageKey, error.options.values] : String(error);
      }
      return 'read';
    };
    expect(refusal('姓名,邮箱,备注\nA B,a@x.com,"xxxx\nC D,c@x.com,ok\n')).toEqual(['spreadsheet.errors.unclosedQuote', { row: 2 }]);
    expect(refusal('a,b\n1,2\n3,"open')).toEqual(['spreadsheet.errors.unclosedQuote', { row: 3 }]);
    // Quoted line breaks and doubled quotes are ordinary CSV.
    expect(readCsv('a,b\n"x\ny","2""3"\n').map((r) => r.cells)).toEqual([['a', 'b'], ['x\ny', '2"3']]);
  });
});
