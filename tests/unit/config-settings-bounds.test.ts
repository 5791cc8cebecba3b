import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numericSettings, setting, settingDefault, settingProblems, type NumberBounds } from '@/lib/config/settings';

/**
 * Issue 21: a numeric setting never answers NaN, Infinity or a value outside its bounds, whatever
 * its variable holds. A value settingProblems refuses (a production start stops on it) answers the
 * default elsewhere; a value it accepts is used as written (or capped, where the bound is a cap);
 * blank is unset.
 */
const numeric = numericSettings();

const within = (n: number, b: NumberBounds) => Number.isFinite(n) && n >= b.min && (b.max === undefined || n <= b.max) && (!b.integer || Number.isInteger(n));

const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 });
const pad = fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff');
const sign = fc.constantFrom('', '+', '-', '--', '+-');
const written = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.tuple(digits, fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
  fc.tuple(digits, digits).map(([a, b]) => `${a}.${b}`),
  fc.nat().map((n) => `0x${n.toString(16)}`),
  fc.nat().map((n) => `0b${n.toString(2)}`),
  fc.nat().map((n) => `0o${n.toString(8)}`),
  // Digits of other scripts (Number() reads ASCII digits only): fullwidth, Arabic-Indic, Devanagari.
  fc.tuple(fc.constantFrom(0xff10, 0x0660, 0x0966), fc.nat(999_999)).map(([zero, n]) => [...String(n)].map((d) => String.fromCodePoint(zero + Number(d))).join('')),
  fc.constantFrom('', ' ', 'Infinity', '-Infinity', 'NaN', '0x', '1_000', '.5', '5.', '1e', 'e5', '0', '-0', '1,000', 'null', 'true', '[]', '1 2'),
);
const value = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(pad, sign, written, pad).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);
const which = fc.constantFrom(...numeric);

describe('numeric settings under any value (fast-check)', () => {
  it('covers the numeric settings, whose defaults are within their bounds', () => {
    expect(numeric.map((s) => s.name)).toEqual(expect.arrayContaining(['accessTokenTtlSeconds', 'trustedProxyHops', 'emailRatePerSecond', 'twilioTimeoutMs', 'reviewReportRows']));
    for (const s of numeric) expect(within(settingDefault(s.name) as number, s.bounds), s.name).toBe(true);
  });

  it('answers a finite number within bounds: the default for a refused or blank value, the value as written (or capped) for an accepted one', () => {
    fc.assert(
      fc.property(which, value, ({ name, variable, bounds }, raw) => {
        const env = { [variable]: raw };
        const problems = settingProblems(env);
        // Only the variable that is set can be named, and its problem names it.
        expect(problems.every((p) => p.startsWith(`${variable} must be `))).toBe(true);
        const answer = setting(name, env) as number;
        expect(within(answer, bounds), `${variable}=${JSON.stringify(raw)} -> ${answer}`).toBe(true);
        if (problems.length || !raw.trim()) {
          expect(answer).toBe(settingDefault(name));
        } else {
          const n = Number(raw);
          expect(answer).toBe(bounds.max !== undefined && n > bounds.max ? bounds.max : n);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
