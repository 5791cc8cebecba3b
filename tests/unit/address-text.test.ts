import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressText } from '@/components/ui/address-text';

/** The inbox's customer panel broke "ouyang10@qq.com" as "ouyang10@qq.co" / "m" (break-all). */
describe('an e-mail address that wraps between its parts', () => {
  it('offers breaks before the @ and after each dot only, and keeps every character', () => {
    const html = renderToStaticMarkup(createElement(AddressText, { value: 'ouyang10@qq.com' }));
    expect(html).toContain('ouyang10<wbr/>@qq.<wbr/>com');
    expect(html).not.toContain('break-all');
    expect(html.replace(/<[^>]+>/g, '')).toBe('ouyang10@qq.com');
  });
});
