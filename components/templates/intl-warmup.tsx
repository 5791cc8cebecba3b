'use client';

import { useLocale } from 'next-intl';

/**
 * The first message with values formatted in a fresh page builds the browser's list of ICU
 * locales (`Intl.NumberFormat.supportedLocalesOf`, which next-intl's message formatter asks for):
 * ~20 ms, once per page; later calls take microseconds. Rendered just before the template editor,
 * this does it as a piece of the hydration of its own (React yields between the two), instead of
 * inside the editor's render, where it lengthened one of the page's long tasks. Renders nothing.
 */
export function IntlWarmup() {
  const locale = useLocale();
  if (typeof window !== 'undefined') {
    try {
      Intl.NumberFormat.supportedLocalesOf(locale);
    } catch {
      // An invalid locale tag: the formatter deals with it later, as before.
    }
  }
  return null;
}
