/**
 * tailwind-merge's rule, for the utilities this app uses: of two classes of the same group under
 * the same variants (`hover:px-2 hover:px-4`), the later one wins, and a group also removes the
 * groups it covers (`p-4` removes an earlier `px-2`, `size-4` an earlier `w-2`). It replaces
 * tailwind-merge (8.5 KB gzipped on every page, issue 22), whose table knows every Tailwind utility.
 * tests/unit/merge-classes.test.ts checks it gives tailwind-merge's answer for every pair of classes
 * in the code, so a class it does not know yet fails there, not on screen.
 */

const SIDES = 'x|y|s|e|t|r|b|l';
const SIZE = /^(\d?xs|sm|base|md|lg|\d?xl|none|full)$/;

// Values a utility takes (tailwind-merge answers no group for others: `top-center` is no class).
const NUM = String.raw`\d+(\.\d+)?|\[.+\]|\(.+\)|px|auto|full|none|screen|dvh|svh|lvh|min|max|fit`;
const SIZES = String.raw`\d?xs|sm|md|lg|\d?xl`;

/** Prefix → the values it takes, for prefixes whose value does not change the group (`max-w-40`, `max-w-full`). */
// No prototype: a class named like one of Object's keys (`__proto__`, `constructor`) is an unknown word.
const PREFIXES: Record<string, RegExp> = Object.create(null);
const prefixes = (names: string, values: string) => names.split(/\s+/).forEach((n) => (PREFIXES[n] = new RegExp(`^(${values})$`)));
prefixes(
  `p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y inset inset-x inset-y top right bottom left
  start end z opacity basis order rotate scale scale-x scale-y translate-x translate-y space-x space-y line-clamp
  scroll-mt grid-cols grid-rows col-span underline-offset columns duration delay`,
  NUM,
);
prefixes('w h size min-w min-h max-w max-h', `${NUM}|${SIZES}|prose`);
prefixes('blur backdrop-blur', `${NUM}|${SIZES}`);
prefixes('leading', `${NUM}|tight|snug|normal|relaxed|loose`);
prefixes('tracking', `${NUM}|tighter|tight|normal|wide|wider|widest`);
prefixes('grow shrink', String.raw`\d+|\[.+\]`);
prefixes('flex', String.raw`\d+|auto|initial|none|\[.+\]`);
prefixes('aspect', String.raw`auto|square|video|\[.+\]`);
prefixes('overflow overflow-x overflow-y', 'auto|hidden|clip|visible|scroll');
prefixes('overscroll overscroll-x overscroll-y', 'auto|contain|none');
prefixes('whitespace', 'normal|nowrap|pre|pre-line|pre-wrap|break-spaces');
prefixes('break', 'normal|words|all|keep');
prefixes('wrap', 'break-word|anywhere|normal');
prefixes('break-inside', 'auto|avoid|avoid-page|avoid-column');
prefixes('pointer-events', 'auto|none');
prefixes('select', 'none|text|all|auto');
prefixes('appearance', 'none|auto');
prefixes('cursor', String.raw`auto|default|pointer|wait|text|move|help|not-allowed|none|progress|cell|crosshair|grab|grabbing|zoom-in|zoom-out|\[.+\]`);
prefixes('items', 'start|end|center|baseline|stretch|end-safe|center-safe');
prefixes('justify', 'normal|start|end|center|between|around|evenly|stretch|baseline|end-safe|center-safe');
prefixes('self', 'auto|start|end|center|stretch|baseline|end-safe|center-safe');
prefixes('list', String.raw`none|disc|decimal|\[.+\]`);
prefixes('align', String.raw`baseline|top|middle|bottom|text-top|text-bottom|sub|super|\[.+\]`);
prefixes('animate', String.raw`none|spin|ping|pulse|bounce|\[.+\]`);
prefixes('transition', String.raw`all|colors|opacity|shadow|transform|none|\[.+\]`);
prefixes('ease', String.raw`linear|in|out|in-out|initial|\[.+\]`);
prefixes('accent fill from via to', '.+');

/** Other names tailwind-merge gives a prefix's group. */
const RENAMED: Record<string, string> = {
  'col-span': 'col-start-end',
  justify: 'justify-content',
  items: 'align-items',
  self: 'align-self',
  list: 'list-style-type',
  align: 'vertical-align',
  from: 'gradient-from',
  via: 'gradient-via',
  to: 'gradient-to',
};

/** Whole class → group. */
const WORDS: Record<string, string> = Object.create(null);
const words = (group: string, list: string) => list.split(' ').forEach((w) => (WORDS[w] = group));
words('display', 'block inline inline-block inline-flex inline-grid flex grid hidden contents table table-row table-cell flow-root');
words('position', 'static fixed absolute relative sticky');
words('visibility', 'visible invisible collapse');
words('sr', 'sr-only not-sr-only');
words('text-decoration', 'underline overline line-through no-underline');
words('text-transform', 'uppercase lowercase capitalize normal-case');
words('text-overflow', 'truncate text-ellipsis text-clip');
words('font-style', 'italic not-italic');
words('font-smoothing', 'antialiased subpixel-antialiased');
words('fvn-spacing', 'tabular-nums proportional-nums');
words('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse');
words('flex-wrap', 'flex-wrap flex-nowrap flex-wrap-reverse');
words('object-fit', 'object-contain object-cover object-fill object-none object-scale-down');
words('border-style', 'border-solid border-dashed border-dotted border-double border-hidden border-none');
words('border-collapse', 'border-collapse border-separate');
words('outline-style', 'outline-none outline-solid outline-dashed outline-dotted outline-double outline-hidden');
words('ring-w-inset', 'ring-inset');
words('bg-repeat', 'bg-repeat bg-no-repeat bg-repeat-x bg-repeat-y bg-repeat-round bg-repeat-space');
words('bg-position', 'bg-center bg-top bg-bottom bg-left bg-right');
words('bg-size', 'bg-auto bg-cover bg-contain');
words('filter', 'filter');
words('resize', 'resize resize-x resize-y resize-none');
words('text-alignment', 'text-left text-center text-right text-justify text-start text-end');
words('text-wrap', 'text-wrap text-nowrap text-balance text-pretty');

/** What a later class of a group removes besides its own group (tailwind-merge's conflicting groups). */
const COVERS: Record<string, string> = {
  p: 'px py ps pe pt pr pb pl',
  px: 'ps pe pr pl',
  py: 'pt pb',
  m: 'mx my ms me mt mr mb ml',
  mx: 'ms me mr ml',
  my: 'mt mb',
  gap: 'gap-x gap-y',
  size: 'w h',
  inset: 'inset-x inset-y start end top right bottom left',
  'inset-x': 'start end right left',
  'inset-y': 'top bottom',
  overflow: 'overflow-x overflow-y',
  overscroll: 'overscroll-x overscroll-y',
  flex: 'basis grow shrink',
  'font-size': 'leading',
  'line-clamp': 'display overflow',
  'border-w': 'border-w-x border-w-y border-w-s border-w-e border-w-t border-w-r border-w-b border-w-l',
  'border-color': 'border-color-x border-color-y border-color-s border-color-e border-color-t border-color-r border-color-b border-color-l',
  rounded: 'rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl',
  'rounded-s': 'rounded-ss rounded-es',
  'rounded-e': 'rounded-se rounded-ee',
  'rounded-t': 'rounded-tl rounded-tr',
  'rounded-r': 'rounded-tr rounded-br',
  'rounded-b': 'rounded-br rounded-bl',
  'rounded-l': 'rounded-tl rounded-bl',
};

/** Classes without a dash that name a group of their own (`border`, `shadow`). */
const BARE: Record<string, string> = { border: 'border-w', ring: 'ring-w', rounded: 'rounded', shadow: 'shadow', outline: 'outline-w', transition: 'transition', grow: 'grow', shrink: 'shrink', blur: 'blur' };

/** The group of a class without variants, `!` and `/opacity`; undefined for a class that is not Tailwind's. */
export function classGroup(base: string): string | undefined {
  if (WORDS[base]) return WORDS[base];
  if (base[0] === '[' && base.endsWith(']')) {
    const property = base.slice(1, Math.max(1, base.indexOf(':')));
    return property ? `arbitrary..${property}` : undefined;
  }
  const name = base.replace(/^-/, '');
  const dash = name.indexOf('-');
  if (dash < 0) return Object.hasOwn(BARE, name) ? BARE[name] : undefined;
  if (name === 'backdrop-blur') return name;
  for (let at = name.lastIndexOf('-'); at > 0; at = name.lastIndexOf('-', at - 1)) {
    const prefix = name.slice(0, at);
    if (PREFIXES[prefix]?.test(name.slice(at + 1))) return RENAMED[prefix] ?? prefix;
  }
  const [head] = name.split('-', 1);
  const value = name.slice(dash + 1);
  const length = /^(\d|\[(length:)?[\d.]+[a-z%]*\]$|\[calc)/.test(value);
  switch (head) {
    case 'text':
      return SIZE.test(value) || length ? 'font-size' : 'text-color';
    case 'font':
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value) ? 'font-weight' : 'font-family';
    case 'bg':
      if (/^\[url\(|^(linear|radial|conic|none$)/.test(value)) return 'bg-image';
      return value.startsWith('clip-') ? 'bg-clip' : 'bg-color';
    case 'border': {
      const side = new RegExp(`^(${SIDES})(-|$)`).exec(value);
      const rest = side ? value.slice(side[0].length) : value;
      const kind = rest === '' || /^(\d|\[\d)/.test(rest) ? 'border-w' : 'border-color';
      return side ? `${kind}-${side[1]}` : kind;
    }
    case 'ring':
      if (value.startsWith('offset-')) return /^offset-\d/.test(value) ? 'ring-offset-w' : 'ring-offset-color';
      return /^\d/.test(value) ? 'ring-w' : 'ring-color';
    case 'shadow':
      return SIZE.test(value) ? 'shadow' : 'shadow-color';
    case 'outline':
      if (value.startsWith('offset-')) return 'outline-offset';
      return /^\d/.test(value) ? 'outline-w' : 'outline-color';
    case 'rounded': {
      const side = /^(ss|se|ee|es|tl|tr|br|bl|s|e|t|r|b|l)(-|$)/.exec(value);
      return side ? `rounded-${side[1]}` : 'rounded';
    }
    case 'divide':
      return /^[xy](-\d|$)/.test(value) ? `divide-${value[0]}` : 'divide-color';
    case 'stroke':
      return /^\d/.test(value) ? 'stroke-w' : 'stroke';
  }
  return undefined;
}

/** Variants whose order matters (`before:hover:` is not `hover:before:`); others are sorted, like tailwind-merge. */
const ORDERED = new Set(['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection']);

function sortVariants(variants: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v[0] === '[' || ORDERED.has(v)) {
      out.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  return [...out, ...run.sort()].join(':');
}

/** Splits `dark:hover:bg-white/50!` into its variants (sorted, with `!`) and the class without `/50`. */
function parse(className: string): { variants: string; base: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && c === ':') {
      variants.push(className.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && c === '/') slash = i;
  }
  let base = className.slice(start);
  let important = '';
  if (base.endsWith('!') || base.startsWith('!')) {
    base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1);
    important = '!';
  }
  // tailwind-merge cuts at the slash's place in the class with its `!`; so does this.
  if (slash > start) base = base.slice(0, slash - start);
  return { variants: `${sortVariants(variants)}${important}`, base };
}

/** Keeps the last class of each group (per variants), walking from the end like tailwind-merge. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i];
    if (!name) continue;
    const { variants, base } = parse(name);
    const group = classGroup(base);
    if (group) {
      if (taken.has(`${variants}:${group}`)) continue;
      taken.add(`${variants}:${group}`);
      for (const covered of COVERS[group]?.split(' ') ?? []) taken.add(`${variants}:${covered}`);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}
