'use client';

import type { ReactNode } from 'react';

// The toolbar's own small controls: native elements, so the editor keeps its selection.

export function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-8 items-center justify-center rounded text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40 disabled:hover:bg-transparent dark:text-gray-200 dark:hover:bg-gray-800 [&_svg]:size-4 ${active ? 'bg-primary-soft text-primary dark:bg-primary/20' : ''}`}
    >
      {children}
    </button>
  );
}

export function ToolSelect({ label, value, disabled, onChange, children }: { label: string; value: string; disabled?: boolean; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <select
      aria-label={label}
      title={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className="h-8 max-w-[9.5rem] rounded border border-gray-200 bg-white px-1.5 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
    >
      {children}
    </select>
  );
}

export function ColorButton({ label, icon, value, disabled, onChange }: { label: string; icon: ReactNode; value: string; disabled?: boolean; onChange: (color: string) => void }) {
  return (
    <label title={label} className={`relative inline-flex size-8 cursor-pointer items-center justify-center rounded text-gray-700 hover:bg-gray-100 focus-within:outline-2 focus-within:outline-primary dark:text-gray-200 dark:hover:bg-gray-800 [&_svg]:size-4 ${disabled ? 'pointer-events-none opacity-40' : ''}`}>
      {icon}
      <span className="absolute bottom-1 left-1.5 right-1.5 h-0.5 rounded" style={{ background: toHex(value) ?? 'currentColor' }} />
      <input type="color" aria-label={label} disabled={disabled} value={toHex(value) ?? '#303133'} onChange={(e) => onChange(e.target.value)} className="absolute inset-0 cursor-pointer opacity-0" />
    </label>
  );
}

export function Divider() {
  return <span aria-hidden className="mx-0.5 h-5 w-px bg-gray-200 dark:bg-gray-700" />;
}

function toHex(color: string): string | null {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color);
  return rgb ? `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : null;
}
