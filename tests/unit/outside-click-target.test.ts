import { describe, expect, it } from 'vitest';
import { clickRedirectTarget } from '@/lib/sending/tracking';

/** Outside test, defect 2: where a verified click goes, as a Location header can carry it. */
describe('clickRedirectTarget', () => {
  it('answers the WHATWG href: punycode host, percent-encoded path, query and fragment', () => {
    expect(clickRedirectTarget('https://例子.com/路径?q=中文#章')).toBe('https://xn--fsqu00a.com/%E8%B7%AF%E5%BE%84?q=%E4%B8%AD%E6%96%87#%E7%AB%A0');
    expect(clickRedirectTarget('https://example.com/x\u2028y')).toBe('https://example.com/x%E2%80%A8y');
    expect(clickRedirectTarget('http://example.com')).toBe('http://example.com/');
    for (const target of ['https://例子.com/路径', 'https://example.com/x\u2028y', 'https://example.com/\u00e9']) {
      expect(clickRedirectTarget(target)).toMatch(/^[\x21-\x7e]+$/);
    }
  });

  it('answers null for what is no http(s) URL', () => {
    for (const target of ['javascript:alert(1)', 'mailto:a@example.com', 'https://exa mple.com/', 'http://[::1', 'not a url', '']) expect(clickRedirectTarget(target), target).toBeNull();
  });
});
