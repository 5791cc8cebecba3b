import { describe, expect, it } from 'vitest';
import { linkSchema } from '@/components/rich-text-editor/link-schema';
import { IMPORT_MAX_BYTES } from '@/lib/reviews/limits';
import { reviewImportSchema } from '@/lib/reviews/schema';
import { sanitizeRichHtml } from '@/lib/sanitize/html';

const KEPT = ['', 'https://example.com/review', 'http://a.b/c?d=1', 'mailto:hi@example.com', 'tel:+85212345678', '{{googleReviewLink}}', '/api/aws/s3/campaign/view?id=7', 'example.com', '  https://example.com  '];
const DROPPED = ['javascript:alert(1)', 'java\tscript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:x', '//evil.example', '\\\\evil.example', 'ftp://files.example.com', 'file:///etc/passwd'];

describe('the link dialog refuses exactly the addresses the sanitiser drops', () => {
  it.each(KEPT)('keeps %j', (url) => {
    expect(linkSchema.safeParse({ url }).success).toBe(true);
    if (url.trim()) expect(sanitizeRichHtml(`<a href="${url.trim()}">x</a>`)).toContain('href=');
  });

  it.each(DROPPED)('refuses %j with the address message', (url) => {
    const parsed = linkSchema.safeParse({ url });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('validation.url');
    expect(sanitizeRichHtml(`<a href="${url}">x</a>`)).not.toContain('href=');
  });

  it('answers the address trimmed', () => {
    expect(linkSchema.parse({ url: '  https://example.com  ' }).url).toBe('https://example.com');
  });
});

describe('the review import file', () => {
  const file = (name: string, size: number) => ({ name, size });
  const message = (value: unknown) => reviewImportSchema.safeParse({ file: value }).error?.issues[0].message;

  it('takes a .csv, .xlsx or .xls of at most 2 MB', () => {
    for (const name of ['a.csv', 'B.XLSX', 'c.xls']) expect(message(file(name, IMPORT_MAX_BYTES))).toBeUndefined();
  });

  it('refuses no file, another type and a larger file with the route messages', () => {
    expect(message(undefined)).toBe('reviews.errors.importNoFile');
    expect(message('a.csv')).toBe('reviews.errors.importNoFile');
    expect(message(file('a.pdf', 10))).toBe('reviews.errors.importType');
    expect(message(file('a.csv', IMPORT_MAX_BYTES + 1))).toBe('reviews.errors.importTooLarge');
  });
});
