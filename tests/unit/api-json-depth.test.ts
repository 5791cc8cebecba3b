import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonNestingExceeds } from '@/lib/validation/input-guard';

describe('JSON nesting limit', () => {
  it('refuses nesting past the limit, arrays and objects alike', () => {
    expect(jsonNestingExceeds('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestingExceeds('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000))).toBe(true);
  });
  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ text: '['.repeat(500), quote: '"[[[[' + '{'.repeat(200) }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: [1, 2, { b: 'c' }], d: '\\' }))).toBe(false);
  });
});
