import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from '@/components/ui/merge-classes';

/**
 * cn() merges with components/ui/merge-classes.ts instead of tailwind-merge (issue 22). Both walk
 * the list from the end and drop a class when a later kept class claims its group, so if they
 * agree on every ordered pair ("a b": does b remove a?) and on every class repeated, they agree on
 * every list made of those classes. The classes: every whitespace-separated word of every string
 * literal in app/, components/ and lib/ (Tailwind only builds classes written out in the source,
 * so nothing else can reach cn()).
 */
function sourceWords(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
          for (const word of (m[1] ?? m[2] ?? m[3]).split(/\s+/)) if (word && !word.includes('${')) words.add(word);
      }
    }
  };
  for (const dir of ['app', 'components', 'lib']) walk(dir);
  return [...words].sort();
}

const words = sourceWords();
/** Words either merge treats as a class (a repeated class is dropped). */
const classes = words.filter((w) => twMerge(`${w} ${w}`) === w || mergeClasses(`${w} ${w}`) === w);

describe('mergeClasses gives tailwind-merge’s answer', () => {
  it('finds the classes of the kit in the source', () => {
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'h-9', 'bg-primary-700', 'text-[13px]', 'dark:hover:bg-slate-800', 'focus-visible:ring-primary/60']));
    expect(classes.length).toBeGreaterThan(800);
  });

  it('for every word repeated', () => {
    const differ = words.filter((w) => mergeClasses(`${w} ${w}`) !== twMerge(`${w} ${w}`));
    expect(differ).toEqual([]);
  });

  it('for every ordered pair of classes', { timeout: 300_000 }, () => {
    const differ: string[] = [];
    for (const a of classes)
      for (const b of classes) {
        if (a === b) continue;
        const list = `${a} ${b}`;
        const mine = mergeClasses(list);
        if (mine !== twMerge(list) && differ.push(`${list} → ${mine}`) >= 50) break;
      }
    expect(differ).toEqual([]);
  });

  it('keeps spacing and unknown words as tailwind-merge does', () => {
    for (const list of ['', '  ', ' px-2  py-1 ', 'foo foo px-2', 'px-2 p-4 px-3', 'p-4 px-2', 'w-2 size-4', 'size-4 w-2', 'text-sm leading-7 text-lg', 'hover:px-2 px-3 hover:px-4', 'px-2! px-3', 'border border-s-0'])
      expect(mergeClasses(list)).toBe(twMerge(list));
  });
});
