'use client';

import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn';
import { useFormFieldControl } from './form-field';
import { controlClasses } from './input';
import { nextEnabled } from './select-keys';
import { selectKeyDown } from './select-keyboard';
import { SelectOptionRow, SelectOptions } from './select-options';
import { useDismiss, useListPlacement } from './select-popup';

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

  useListPlacement(open, list, trigger);
  useDismiss(open, list, trigger, () => setOpen(false));

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) =>
    selectKeyDown(event, { open, options: all, active, selectedIndex, current, search: search.current, swallowClick, setOpen, setActive, choose });

  const renderOption = (option: SelectOption, index: number) => (
    <SelectOptionRow key={option.value} option={option} id={`${listId}-${index}`} selected={index === selectedIndex} highlighted={index === active} onHighlight={() => index !== active && setActive(index)} onChoose={() => choose(index)} />
  );

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
          <SelectOptions options={all} groups={groups} renderOption={renderOption} />
        </div>
      )}
    </>
  );
}
