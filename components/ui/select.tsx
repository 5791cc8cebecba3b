'use client';

import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { useFormFieldControl } from './form-field';
import { controlClasses } from './input';
import { listPosition, nextEnabled, typeahead } from './select-keys';

export interface SelectOption {
  value: string;
  label: React.ReactNode;
  disabled?: boolean;
  /** What typing a letter matches when the label is not plain text. */
  textValue?: string;
}

export interface SimpleSelectProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Called when the list opens or closes (e.g. to mark a form field touched on close). */
  onOpenChange?: (open: boolean) => void;
  options?: readonly SelectOption[];
  /** Options in groups with a line between them (e.g. suggested first, then all); replaces `options`. */
  groups?: readonly (readonly SelectOption[])[];
  placeholder?: React.ReactNode;
  disabled?: boolean;
  /** Submits the value with a plain <form>. */
  name?: string;
  /** Needed when no FormField label names the select. */
  'aria-label'?: string;
  className?: string;
  /** Tallest the open list may be (CSS length; default 24rem): lower for long lists. */
  maxListHeight?: string;
  id?: string;
}

/**
 * A select-only combobox (WAI-ARIA APG pattern) that looks like our inputs: the focus stays on the
 * button, the open list follows with aria-activedescendant. Arrow keys, Home/End, Page Up/Down,
 * typing a label's first letters, Enter/Space to choose, Escape and Tab to close. The list opens
 * in the browser's top layer (popover API), so dialogs and scrolling boxes do not clip it.
 * Replaces Radix Select, which cost ~30 KB gzipped on every page with a filter or a pager (issue 11).
 */
export function SimpleSelect({ value, defaultValue, onValueChange, onOpenChange, options = [], groups, placeholder, disabled, name, 'aria-label': ariaLabel, className, maxListHeight, id }: SimpleSelectProps) {
  const field = useFormFieldControl();
  const baseId = useId();
  const triggerId = id ?? field.id ?? `select-${baseId}`;
  const listId = `${triggerId}-listbox`;
  const all = groups ? groups.flat() : options;
  const [inner, setInner] = useState(defaultValue);
  const current = value !== undefined ? value : inner;
  const selectedIndex = all.findIndex((o) => o.value === current);
  const selected = selectedIndex >= 0 ? all[selectedIndex] : undefined;
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const search = useRef({ text: '', at: 0 });
  const swallowClick = useRef(false);

  const setOpen = (next: boolean) => {
    if (next === open) return;
    if (next) setActive(selectedIndex >= 0 && !all[selectedIndex].disabled ? selectedIndex : nextEnabled(all, -1, 1));
    setOpenState(next);
    onOpenChange?.(next);
  };
  const choose = (index: number) => {
    const option = all[index];
    if (!option || option.disabled) return;
    if (value === undefined) setInner(option.value);
    if (option.value !== current) onValueChange?.(option.value);
    setOpen(false);
    trigger.current?.focus();
  };

  // Place the list under the button (above when there is more room there), in the top layer.
  useLayoutEffect(() => {
    const el = list.current;
    const button = trigger.current;
    if (!open || !el || !button) return;
    if (typeof el.showPopover === 'function' && !el.matches(':popover-open')) el.showPopover();
    const place = () => Object.assign(el.style, listPosition(button.getBoundingClientRect(), el.offsetWidth));
    place();
    let frame = 0;
    const follow = (event: Event) => {
      if (event.target instanceof Node && el.contains(event.target)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  // Outside presses close the list; Escape closes it before a dialog around it sees the key
  // (Radix listens on the document in the capture phase; the window's capture phase comes first).
  useEffect(() => {
    if (!open) return;
    const press = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', press, true);
    window.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      window.removeEventListener('keydown', escape, true);
    };
  });

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
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
        const match = typeahead(all, search.current, key, selectedIndex);
        if (match >= 0 && all[match].value !== current) choose(match);
      }
      return;
    }
    if (key === 'ArrowDown') move(nextEnabled(all, active, 1));
    else if (key === 'ArrowUp') move(nextEnabled(all, active, -1));
    else if (key === 'Home') move(nextEnabled(all, -1, 1));
    else if (key === 'End') move(nextEnabled(all, all.length, -1));
    else if (key === 'PageDown') move(nextEnabled(all, Math.min(all.length - 1, active + 9), 1));
    else if (key === 'PageUp') move(nextEnabled(all, Math.max(0, active - 9), -1));
    else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      // Space would otherwise click the button again on key-up and reopen the list.
      if (key === ' ') swallowClick.current = true;
      choose(active);
    } else if (key === 'Tab') setOpen(false);
    else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) move(typeahead(all, search.current, key, active));
  };

  const renderOption = (option: SelectOption, index: number) => {
    const isSelected = index === selectedIndex;
    return (
      <div
        key={option.value}
        id={`${listId}-${index}`}
        role="option"
        aria-selected={isSelected}
        aria-disabled={option.disabled || undefined}
        data-state={isSelected ? 'checked' : 'unchecked'}
        data-highlighted={index === active ? '' : undefined}
        data-disabled={option.disabled ? '' : undefined}
        onPointerMove={() => !option.disabled && index !== active && setActive(index)}
        onClick={() => choose(index)}
        className="relative flex w-full cursor-pointer items-center rounded-md py-1.5 ps-2 pe-8 outline-none select-none data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-primary-soft data-highlighted:text-primary dark:data-highlighted:bg-primary/15 dark:data-highlighted:text-primary-light"
      >
        <span className="truncate">{option.label}</span>
        {isSelected && (
          <span className="absolute end-2 flex size-4 items-center justify-center">
            <Check className="size-4" aria-hidden="true" />
          </span>
        )}
      </div>
    );
  };

  let offset = 0;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        role="combobox"
        aria-autocomplete="none"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        disabled={disabled}
        data-state={open ? 'open' : 'closed'}
        data-placeholder={selected ? undefined : ''}
        className={cn(controlClasses, 'flex h-9 cursor-pointer items-center justify-between gap-2 px-3 text-start data-placeholder:text-slate-500 dark:data-placeholder:text-slate-400 [&>span]:truncate', className)}
        {...field}
        id={triggerId}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        onClick={() => {
          if (swallowClick.current) swallowClick.current = false;
          else setOpen(!open);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => event.key === ' ' && swallowClick.current && event.preventDefault()}
        onBlur={() => {
          swallowClick.current = false;
          setOpen(false);
        }}
      >
        <span>{selected ? selected.label : placeholder}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </button>
      {name !== undefined && <input type="hidden" name={name} value={current ?? ''} />}
      {open && (
        <div
          ref={list}
          id={listId}
          role="listbox"
          popover="manual"
          {...(ariaLabel ? { 'aria-label': ariaLabel } : { 'aria-labelledby': triggerId })}
          // The focus stays on the button: a press inside the list must not take it away.
          onMouseDown={(event) => event.preventDefault()}
          className="z-50 m-0 max-w-[calc(100vw-1rem)] overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg data-[state=open]:animate-pop-in dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          style={maxListHeight ? ({ '--select-max-height': maxListHeight } as React.CSSProperties) : undefined}
          data-state="open"
        >
          {groups
            ? groups.map((group, g) => {
                const start = offset;
                offset += group.length;
                return (
                  <div key={g} role="group">
                    {g > 0 && <div aria-hidden="true" className="-mx-1 my-1 h-px bg-slate-100 dark:bg-slate-800" />}
                    {group.map((option, i) => renderOption(option, start + i))}
                  </div>
                );
              })
            : all.map(renderOption)}
        </div>
      )}
    </>
  );
}
