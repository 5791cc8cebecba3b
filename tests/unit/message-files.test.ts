import { describe, expect, it } from 'vitest';
import zhCN from '@/messages/zh-CN.json';
import enUS from '@/messages/en-US.json';
import zhHK from '@/messages/zh-HK.json';

function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

describe('message files', () => {
  const files = { 'zh-CN': flatten(zhCN), 'en-US': flatten(enUS), 'zh-HK': flatten(zhHK) };
  const allKeys = new Set(Object.values(files).flatMap((m) => [...m.keys()]));

  it.each(Object.keys(files))('%s has every key, none empty', (locale) => {
    const map = files[locale as keyof typeof files];
    const missing = [...allKeys].filter((k) => !map.has(k));
    const empty = [...map.entries()].filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => k);
    expect(missing).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('keeps ICU arguments the same in every language', () => {
    const mismatched = [...allKeys].filter((k) => {
      const en = [...icuArguments(String(files['en-US'].get(k)))].sort().join();
      return [...icuArguments(String(files['zh-CN'].get(k)))].sort().join() !== en || [...icuArguments(String(files['zh-HK'].get(k)))].sort().join() !== en;
    });
    expect(mismatched).toEqual([]);
  });
});

/** The argument names of an ICU message, at any depth, without the texts of select/plural branches. */
function icuArguments(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (text: string) => {
    let i = 0;
    while (i < text.length) {
      const open = text.indexOf('{', i);
      if (open < 0) return;
      const close = matching(text, open);
      const inner = text.slice(open + 1, close);
      const [name, type] = inner.split(',').map((p) => p.trim());
      names.add(name);
      if (type === 'select' || type === 'plural' || type === 'selectordinal') {
        // Branches: `key {text}` pairs after the second comma; their texts may hold arguments.
        const rest = inner.slice(inner.indexOf(',', inner.indexOf(',') + 1) + 1);
        let j = 0;
        while (j < rest.length) {
          const b = rest.indexOf('{', j);
          if (b < 0) break;
          const e = matching(rest, b);
          walk(rest.slice(b + 1, e));
          j = e + 1;
        }
      }
      i = close + 1;
    }
  };
  walk(message);
  return names;
}

function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}
