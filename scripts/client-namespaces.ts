// Which message namespaces each route's client components use, by static analysis (issue 22): a
// page sends the browser only the namespaces it names (<ClientMessages namespaces={[...]}>,
// components/i18n/client-messages.tsx), so a client component that uses another one would show raw
// keys. tests/unit/client-messages.test.ts holds every route to it; run this file to print what
// each route needs (`npx tsx scripts/client-namespaces.ts`).
//
// From a page, server modules are followed to the client modules they render ('use client' files);
// from there every import is client code (static, `import()`, next/dynamic), except 'use server'
// modules (their texts are translated on the server) and type-only imports. A client module uses a
// namespace when it calls useTranslations('ns…'), or holds a string that is a message key of it
// ('validation.required' in a schema the form's resolver loads, a key in a status table) or a
// template string starting with one (`sending.reasons.${code}`).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const projectRoot = path.resolve(__dirname, '..');
const extensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** Every key path of the catalogue ("contacts", "contacts.form", "contacts.form.name"). */
function keyPaths(messages: object): Set<string> {
  const paths = new Set<string>();
  const visit = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const full = prefix ? `${prefix}.${key}` : key;
      paths.add(full);
      if (value && typeof value === 'object') visit(value, full);
    }
  };
  visit(messages, '');
  return paths;
}

interface FileInfo {
  directive: 'use client' | 'use server' | null;
  imports: string[];
  used: Set<string>;
}

export function createAnalyzer(root = projectRoot) {
  const messages = JSON.parse(fs.readFileSync(path.join(root, 'messages/zh-CN.json'), 'utf8')) as object;
  const known = keyPaths(messages);
  const namespaces = new Set(Object.keys(messages));
  const parsed = new Map<string, FileInfo>();

  function resolveImport(fromFile: string, specifier: string): string | null {
    let base: string;
    if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
    else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
    else return null;
    if (base.endsWith('.json')) return null;
    const candidates = [base, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => path.join(base, `index${ext}`))];
    return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
  }

  /**
   * The key path a string names, when it is a key of the catalogue ('validation.required'), or for
   * a template string's head, the deepest path it starts with (`sending.reasons.${code}`).
   */
  function keyOf(text: string, head: boolean): string | null {
    const dot = text.indexOf('.');
    if (dot <= 0 || !namespaces.has(text.slice(0, dot))) return null;
    if (!head) return known.has(text) ? text : null;
    let stem = text.slice(0, text.lastIndexOf('.'));
    while (stem && !known.has(stem)) stem = stem.includes('.') ? stem.slice(0, stem.lastIndexOf('.')) : '';
    return stem || null;
  }

  /** Directive, runtime imports and used namespaces of one file (parsed once). */
  function parse(file: string): FileInfo {
    let info = parsed.get(file);
    if (info) return info;
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    let directive: FileInfo['directive'] = null;
    for (const statement of source.statements) {
      if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
      if (statement.expression.text === 'use client' || statement.expression.text === 'use server') directive = statement.expression.text as FileInfo['directive'];
    }
    const imports = new Set<string>();
    const used = new Set<string>();
    const addImport = (specifier: string) => {
      const target = resolveImport(file, specifier);
      if (target) imports.add(target);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const typeOnly = clause && (clause.isTypeOnly || (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
        if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) addImport(node.moduleSpecifier.text);
        return;
      }
      if (ts.isExportDeclaration(node)) {
        if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) addImport(node.moduleSpecifier.text);
        return;
      }
      if (ts.isCallExpression(node)) {
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) addImport(node.arguments[0].text);
        if (ts.isIdentifier(node.expression) && node.expression.text === 'useTranslations') {
          const [arg] = node.arguments;
          // A namespaced translator reaches only below its path ('campaigns.tabs').
          if (arg && ts.isStringLiteralLike(arg) && known.has(arg.text)) used.add(arg.text);
        }
      }
      if (ts.isStringLiteralLike(node) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
        const key = keyOf(node.text, false);
        if (key) used.add(key);
      }
      if (ts.isTemplateExpression(node)) {
        const key = keyOf(node.head.text, true);
        if (key) used.add(key);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    info = { directive, imports: [...imports], used };
    parsed.set(file, info);
    return info;
  }

  /**
   * The namespaces (or paths below one, 'campaigns.tabs') the client code reachable from `entry`
   * uses: Map<namespace, the first client file found using it> (for the failure message).
   */
  function clientNamespaces(entry: string): Map<string, string> {
    const result = new Map<string, string>();
    const seen = new Set<string>();
    const stack: [string, boolean][] = [[entry, parse(entry).directive === 'use client']];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [file, client] = next;
      const info = parse(file);
      if (info.directive === 'use server') continue;
      const isClient = client || info.directive === 'use client';
      const id = `${isClient ? 'c' : 's'}:${file}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (isClient) for (const ns of info.used) if (!result.has(ns)) result.set(ns, path.relative(root, file));
      for (const target of info.imports) stack.push([target, isClient]);
    }
    // 'campaigns' covers 'campaigns.tabs': keep the widest paths.
    for (const ns of [...result.keys()]) if (covers(result.keys(), ns, true)) result.delete(ns);
    return result;
  }

  return { clientNamespaces, parse, root };
}

/** Whether one of `paths` is `path` or above it (`strictly`: above it only). */
export function covers(paths: Iterable<string>, path_: string, strictly = false): boolean {
  for (const p of paths) if ((!strictly && p === path_) || path_.startsWith(`${p}.`)) return true;
  return false;
}

/** The namespaces named by every <ClientMessages namespaces={[...]}> in a file (null: none there). */
export function declaredNamespaces(file: string): Set<string> | null {
  const text = fs.readFileSync(file, 'utf8');
  const uses = text.match(/<ClientMessages\b/g)?.length ?? 0;
  if (!uses) return null;
  const lists = [...text.matchAll(/<ClientMessages\s+namespaces=\{\[([^\]]*)\]\}/g)].map((m) => new Set([...m[1].matchAll(/'([^']+)'/g)].map((q) => q[1])));
  if (lists.length !== uses) throw new Error(`${file}: every <ClientMessages> names its namespaces as a literal list (namespaces={['a', 'b']})`);
  // Several providers (one per branch of the page): each must do, so only what all name counts.
  return lists.reduce((a, b) => new Set([...a].filter((ns) => b.has(ns))));
}

/** The App Router's files of a route tree: pages, and the layouts and boundaries around them. */
export function routeFiles(root = projectRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^(page|layout|error|loading|not-found|template|global-error|default)\.tsx$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(root, 'app'));
  return out.sort();
}

if (process.argv[1]?.endsWith('client-namespaces.ts')) {
  const analyzer = createAnalyzer();
  for (const file of routeFiles()) {
    const used = analyzer.clientNamespaces(file);
    console.log(`${path.relative(projectRoot, file)}: ${[...used.keys()].sort().map((n) => `'${n}'`).join(', ')}`);
  }
}
