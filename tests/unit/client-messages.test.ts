import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { covers, createAnalyzer, declaredNamespaces, routeFiles } from '@/scripts/client-namespaces';
import { pickMessages } from '@/lib/i18n/pick-messages';
import zhCN from '@/messages/zh-CN.json';

// Issue 22: each page sends the browser only the message namespaces its client components use
// (components/i18n/client-messages.tsx). A client component translating a namespace its route does
// not send shows raw keys, so every route is held to what static analysis finds it uses.

const root = path.resolve(__dirname, '../..');
const rel = (file: string) => path.relative(root, file);

/** The list a route file's client components get: its own <ClientMessages>, else the nearest layout's above. */
function provided(file: string): { from: string; namespaces: Set<string> } {
  const name = path.basename(file);
  if (name === 'page.tsx' || name === 'layout.tsx') {
    const own = declaredNamespaces(file);
    if (own) return { from: rel(file), namespaces: own };
  }
  // A layout's boundaries (error, loading, not-found) render inside it; a layout inside its parent's.
  let dir = name === 'layout.tsx' ? path.dirname(path.dirname(file)) : path.dirname(file);
  for (;;) {
    const layout = path.join(dir, 'layout.tsx');
    const own = fs.existsSync(layout) ? declaredNamespaces(layout) : null;
    if (own) return { from: rel(layout), namespaces: own };
    if (dir === path.join(root, 'app') || dir === root) throw new Error(`${rel(file)}: no <ClientMessages> above it (the root layout must have one)`);
    dir = path.dirname(dir);
  }
}

describe('the messages each route sends', () => {
  const analyzer = createAnalyzer(root);
  const files = routeFiles(root);

  it.each(files.map(rel))('%s sends every namespace its client components use', (file) => {
    const used = analyzer.clientNamespaces(path.join(root, file));
    const { from, namespaces } = provided(path.join(root, file));
    const missing = [...used].filter(([ns]) => !covers(namespaces, ns)).map(([ns, by]) => `${ns} (used by ${by}, not sent by ${from})`);
    expect(missing).toEqual([]);
  });

  it.each(files.filter((f) => path.basename(f) === 'page.tsx').map(rel))('%s sends nothing its client components do not use', (file) => {
    const declared = declaredNamespaces(path.join(root, file));
    if (!declared) return;
    const used = [...analyzer.clientNamespaces(path.join(root, file)).keys()];
    // A declared path is needed when something uses it, or a part of it, or something within it.
    const unused = [...declared].filter((ns) => !used.some((u) => covers([ns], u) || covers([u], ns)));
    expect(unused).toEqual([]);
  });

  it('names only namespaces the catalogue has', () => {
    const known = (p: string) => p.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), zhCN) !== undefined;
    const unknown = files.flatMap((f) => [...(declaredNamespaces(f) ?? [])].filter((ns) => !known(ns)).map((ns) => `${rel(f)}: ${ns}`));
    expect(unknown).toEqual([]);
  });
});

describe('pickMessages', () => {
  const messages = { a: { x: '1', y: { z: '2' } }, b: { w: '3' }, c: '4' };

  it('keeps the given namespaces and parts of namespaces, nested as in the catalogue', () => {
    expect(pickMessages(messages, ['b', 'a.y'])).toEqual({ a: { y: { z: '2' } }, b: { w: '3' } });
    expect(pickMessages(messages, ['a.y', 'a'])).toEqual({ a: messages.a });
    expect(pickMessages(messages, ['missing', 'a.nope'])).toEqual({ a: {} });
  });

  it('never writes into the catalogue', () => {
    const copy = JSON.parse(JSON.stringify(messages));
    pickMessages(messages, ['a', 'a.y', 'a.x']);
    expect(messages).toEqual(copy);
  });
});

describe('the client namespace analysis', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-namespaces-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('follows server modules to client ones, and every import (lazy ones too) below a client module', () => {
    const dir = tree({
      'messages/zh-CN.json': JSON.stringify({ a: { b: { c: 'x' } }, srv: { k: 'x' }, lazy: { k: 'x' }, act: { k: 'x' }, tpl: { r: { one: 'x' } }, typ: { k: 'x' } }),
      'app/page.tsx': "import { getTranslations } from 'next-intl/server';\nimport { View } from '@/components/view';\nconst k = 'srv.k';\nexport default function Page() { return <View />; }",
      'components/view.tsx': "'use client';\nimport dynamic from 'next/dynamic';\nimport { useTranslations } from 'next-intl';\nimport { save } from '@/lib/actions';\nimport type { T } from '@/lib/types';\nconst Dialog = dynamic(() => import('./dialog'));\nexport function View() { const t = useTranslations('a.b'); return t('c'); }",
      'components/dialog.tsx': "export default function Dialog({ code }: { code: string }) { return [t('lazy.k'), t(`tpl.r.${code}`)]; }",
      'lib/actions.ts': "'use server';\nexport async function save() { return 'act.k'; }",
      'lib/types.ts': "export type T = 'typ.k';\nexport const x = 'typ.k';",
    });
    const used = createAnalyzer(dir).clientNamespaces(path.join(dir, 'app/page.tsx'));
    expect([...used.keys()].sort()).toEqual(['a.b', 'lazy.k', 'tpl.r']);
    expect(used.get('lazy.k')).toBe('components/dialog.tsx');
  });
});
