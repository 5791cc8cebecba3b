/** The pure parts of SimpleSelect: moving between options, typing to find one, placing the list. */

interface Choice {
  label: React.ReactNode;
  disabled?: boolean;
  textValue?: string;
}

/** The next enabled option from `from` in `step` direction (±1); -1 when there is none. */
export function nextEnabled(options: readonly Choice[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < options.length; i += step) if (!options[i].disabled) return i;
  return -1;
}

/**
 * Typing selects the next option whose text starts with the letters typed within the last
 * second; pressing one letter again cycles through the options starting with it.
 */
export function typeahead(options: readonly Choice[], state: { text: string; at: number }, key: string, from: number, now = Date.now()): number {
  state.text = now - state.at > 1000 ? key : state.text + key;
  state.at = now;
  const repeated = state.text.length > 1 && [...state.text].every((c) => c === state.text[0]);
  const query = (repeated ? state.text[0] : state.text).toLocaleLowerCase();
  const start = repeated || state.text.length === 1 ? from + 1 : Math.max(from, 0);
  for (let n = 0; n < options.length; n++) {
    const i = (start + n) % options.length;
    const option = options[i];
    const text = option.textValue ?? (typeof option.label === 'string' || typeof option.label === 'number' ? String(option.label) : '');
    if (!option.disabled && text.toLocaleLowerCase().startsWith(query)) return i;
  }
  return -1;
}

const GAP = 4;
const MARGIN = 8;

/**
 * Fixed-position style of a list opened from `anchor`: below it, or above when there is more room
 * there and too little below; as wide as the anchor at least, kept inside the viewport.
 */
export function listPosition(anchor: { top: number; bottom: number; left: number; width: number }, listWidth: number, viewport = { width: window.innerWidth, height: window.innerHeight }) {
  const below = viewport.height - anchor.bottom - GAP - MARGIN;
  const above = anchor.top - GAP - MARGIN;
  const up = below < 200 && above > below;
  const width = Math.max(listWidth, anchor.width);
  const left = Math.max(MARGIN, Math.min(anchor.left, viewport.width - MARGIN - width));
  return {
    position: 'fixed',
    left: `${left}px`,
    right: 'auto',
    top: up ? 'auto' : `${anchor.bottom + GAP}px`,
    bottom: up ? `${viewport.height - anchor.top + GAP}px` : 'auto',
    minWidth: `${anchor.width}px`,
    maxHeight: `min(${Math.max(96, Math.floor(up ? above : below))}px, var(--select-max-height, 24rem))`,
  };
}
