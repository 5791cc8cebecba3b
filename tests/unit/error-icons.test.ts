import { AlertTriangle as LucideAlertTriangle, Home as LucideHome, RotateCcw as LucideRotateCcw } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AlertTriangle, Home, RotateCcw } from '@/app/(app)/error-icons';

/** The signed-in error page draws lucide's icons without lucide's code (issue 22): same markup. */
describe('error page icons', () => {
  it('match lucide-react', () => {
    const html = (type: React.ElementType, props: Record<string, unknown>) => renderToStaticMarkup(createElement(type, props));
    expect(html(AlertTriangle, { className: 'size-7' })).toBe(html(LucideAlertTriangle, { className: 'size-7', 'aria-hidden': 'true' }));
    expect(html(RotateCcw, {})).toBe(html(LucideRotateCcw, { 'aria-hidden': 'true' }));
    expect(html(Home, {})).toBe(html(LucideHome, { 'aria-hidden': 'true' }));
  });
});
