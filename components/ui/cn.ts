import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Joins class names; later Tailwind utilities win over earlier ones (a caller's className overrides ours). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** The one focus ring of the kit: visible for keyboard users only, primary colour, offset from the page. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-primary/60 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-950';
