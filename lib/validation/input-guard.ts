import type { z } from 'zod';

// Half of a UTF-16 pair without its other half: no character, and no text can hold it.
const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);

/** What no stored text can hold, every occurrence: a NUL (PostgreSQL text) or a lone surrogate. */
export const unstorableCharacters = (): RegExp => new RegExp(`\\u0000|${LONE_SURROGATE_SOURCE}`, 'g');

/**
 * Checks every input gets before its schema: PostgreSQL text cannot hold a NUL character, and no
 * text can hold a lone surrogate (a JSON body may escape one: "\ud800"), so a string carrying
 * either is refused as invalid beside its field (a 400), instead of failing in the database
 * (jsonb refused it with a 400 naming no field) or being stored as U+FFFD in a text column.
 * A key named `__proto__` is refused by name too: JSON.parse keeps it as an own key, but no
 * object a schema builds can (zod's records drop it), so its value would be lost without a word.
 * Walks iteratively: a hostile body may nest deeper than the call stack.
 */
export function nulIssues(value: unknown): z.core.$ZodIssue[] {
  const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: value, path: [] }];
  let visited = 0;
  for (let item = stack.pop(); item && visited++ < 100_000; item = stack.pop()) {
    const { v, path } = item;
    if (typeof v === 'string') {
      if (unstorable(v)) return [{ code: 'custom', path, message: 'validation.invalid', input: v } as z.core.$ZodIssue];
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (unstorable(k)) return [{ code: 'custom', path, message: 'validation.invalid', input: k } as z.core.$ZodIssue];
        if (k === '__proto__') return [{ code: 'custom', path: [...path, k], message: 'validation.invalidValue', input: k } as z.core.$ZodIssue];
        stack.push({ v: child, path: path.length < 20 ? [...path, k] : path });
      }
    }
  }
  return [];
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of the column's range, text it
 * cannot store, a bad date) come from input no schema bounded: the client's fault, a 400.
 */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * Nesting deeper than any of our bodies has is refused before JSON.parse (and the recursive
 * checks after it) spend CPU on it: a 1 MB body can nest 500,000 levels, ~1 s of CPU each time.
 * One pass over the text, brackets inside strings ignored.
 */
export const MAX_JSON_DEPTH = 64;

export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
