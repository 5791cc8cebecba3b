import type { KeyboardEvent } from 'react';
import { nextEnabled, typeahead } from './select-keys';

interface SelectKeyState {
  open: boolean;
  options: readonly { value: string; label: React.ReactNode; disabled?: boolean; textValue?: string }[];
  active: number;
  selectedIndex: number;
  current: string | undefined;
  search: { text: string; at: number };
  swallowClick: { current: boolean };
  setOpen: (open: boolean) => void;
  setActive: (index: number) => void;
  choose: (index: number) => void;
}

/** SimpleSelect's keys (WAI-ARIA APG select-only combobox): closed, arrows open and letters choose; open, they move, Enter/Space choose, Tab closes. */
export function selectKeyDown(event: KeyboardEvent<HTMLButtonElement>, { open, options, active, selectedIndex, current, search, swallowClick, setOpen, setActive, choose }: SelectKeyState) {
  const { key } = event;
  const move = (index: number) => {
    event.preventDefault();
    if (index >= 0) setActive(index);
  };
  if (!open) {
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    } else if (key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on the closed button picks the matching option at once, like a native select.
      const match = typeahead(options, search, key, selectedIndex);
      if (match >= 0 && options[match].value !== current) choose(match);
    }
    return;
  }
  if (key === 'ArrowDown') move(nextEnabled(options, active, 1));
  else if (key === 'ArrowUp') move(nextEnabled(options, active, -1));
  else if (key === 'Home') move(nextEnabled(options, -1, 1));
  else if (key === 'End') move(nextEnabled(options, options.length, -1));
  else if (key === 'PageDown') move(nextEnabled(options, Math.min(options.length - 1, active + 9), 1));
  else if (key === 'PageUp') move(nextEnabled(options, Math.max(0, active - 9), -1));
  else if (key === 'Enter' || key === ' ') {
    event.preventDefault();
    // Space would otherwise click the button again on key-up and reopen the list.
    if (key === ' ') swallowClick.current = true;
    choose(active);
  } else if (key === 'Tab') setOpen(false);
  else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) move(typeahead(options, search, key, active));
}
