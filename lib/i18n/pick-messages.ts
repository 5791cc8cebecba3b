/** A catalogue (or part of one): nested objects of message strings. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The part of a catalogue under the given paths: whole namespaces ('contacts') or parts of one
 * ('campaigns.tabs'), nested as in the catalogue, so `useTranslations('campaigns.tabs')` finds them.
 * What goes to the browser with a page (components/i18n/client-messages.tsx): a path given twice, or
 * inside another given path, is sent once.
 */
export function pickMessages(messages: MessageTree, paths: readonly string[]): MessageTree {
  const out: MessageTree = {};
  // Widest first: a path inside one already taken adds nothing (and never writes into the catalogue).
  const sorted = [...new Set(paths)].sort((a, b) => a.split('.').length - b.split('.').length);
  const taken: string[] = [];
  for (const path of sorted) {
    if (taken.some((t) => path.startsWith(`${t}.`))) continue;
    const parts = path.split('.');
    let source: string | MessageTree | undefined = messages;
    let target = out;
    for (const [i, part] of parts.entries()) {
      source = typeof source === 'object' ? source[part] : undefined;
      if (source === undefined) break;
      if (i === parts.length - 1) target[part] = source;
      else target = (target[part] ??= {}) as MessageTree;
    }
    taken.push(path);
  }
  return out;
}
