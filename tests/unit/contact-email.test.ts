import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '@/lib/contacts/normalize';

describe("a contact's e-mail", () => {
  it('refuses what no mail server delivers to, and invisible variants of a real address (found from outside)', () => {
    for (const e of ['qa@example.com.', 'qa..dots@example.com', '.qa@example.com', 'qa.@example.com', 'qa@-example.com', 'qa@ex_ample.com', 'qa@exam\u200bple.com', 'qa\u200b@example.com', 'qa@example', 'qa@1.2.3.4', 'qa@localhost', '"qa x"@example.com', 'a@b@c.com', `${'a'.repeat(65)}@example.com`]) {
      expect(isValidEmail(e), JSON.stringify(e)).toBe(false);
    }
  });

  it('stores one form per mailbox: full-width folded, lower case, the domain in ASCII', () => {
    const same = (a: string, b: string) => expect(normalizeEmail(a), `${a} / ${b}`).toBe(normalizeEmail(b));
    same('ＱＡ@example.com', 'qa@example.com');
    same('qa@example.ｃｏｍ', 'qa@example.com');
    same('qa.dup@bücher.example', 'qa.dup@xn--bcher-kva.example');
    same('Kelvin.Cheung@Example.COM', 'kelvin.cheung@example.com');
    for (const e of ['ＱＡ@example.com', 'qa@bücher.example', 'a.b+tag@sub.example.co.uk', "o'neil@example.ie", '王芳@例子.中国']) expect(isValidEmail(e), e).toBe(true);
  });

  it('accepts every dot-atom address fast-check generates, and its stored form stays valid and stable', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        const dotAtom = !e.split('@')[1].split('.').some((l) => /^\d+$/.test(l) && l === e.split('.').pop());
        if (dotAtom) expect(isValidEmail(e), e).toBe(true);
        const stored = normalizeEmail(e);
        expect(normalizeEmail(stored)).toBe(stored);
        if (isValidEmail(e)) expect(isValidEmail(stored), `${e} -> ${stored}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
