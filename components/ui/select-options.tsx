'use client';

import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SelectOption } from './select';

/** The open list's options, in groups with a line between them when there are groups. */
export function SelectOptions({ options, groups, renderOption }: { options: readonly SelectOption[]; groups?: readonly (readonly SelectOption[])[]; renderOption: (option: SelectOption, index: number) => ReactNode }) {
  if (!groups) return options.map(renderOption);
  let offset = 0;
  return groups.map((group, g) => {
    const start = offset;
    offset += group.length;
    return (
      <div key={g} role="group">
        {g > 0 && <div aria-hidden="true" className="-mx-1 my-1 h-px bg-slate-100 dark:bg-slate-800" />}
        {group.map((option, i) => renderOption(option, start + i))}
      </div>
    );
  });
}

/** One option: highlighted under the pointer or the arrow keys, checked when selected. Highlighted text is primary-700 in light, as in ./dropdown-menu-impl.tsx. */
export function SelectOptionRow({ option, id, selected, highlighted, onHighlight, onChoose }: { option: SelectOption; id: string; selected: boolean; highlighted: boolean; onHighlight: () => void; onChoose: () => void }) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={option.disabled || undefined}
      data-state={selected ? 'checked' : 'unchecked'}
      data-highlighted={highlighted ? '' : undefined}
      data-disabled={option.disabled ? '' : undefined}
      onPointerMove={() => !option.disabled && onHighlight()}
      onClick={onChoose}
      className="relative flex w-full cursor-pointer items-center rounded-md py-1.5 ps-2 pe-8 outline-none select-none data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-primary-soft data-highlighted:text-primary-700 dark:data-highlighted:bg-primary/15 dark:data-highlighted:text-primary-light"
    >
      <span className="truncate">{option.label}</span>
      {selected && (
        <span className="absolute end-2 flex size-4 items-center justify-center">
          <Check className="size-4" aria-hidden="true" />
        </span>
      )}
    </div>
  );
}
