/**
 * The addresses a rich-text link may have. Plain code without sanitize-html or zod: the sanitiser
 * (./html.ts) drops every other href on save, and the editor's link dialog refuses it first.
 */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * Whether the sanitiser keeps this href, read as sanitize-html reads it: without the characters
 * browsers ignore, either no scheme (a relative address, a `{{googleReviewLink}}` parameter) or
 * one of LINK_SCHEMES; never protocol-relative (`//host`), never a script scheme.
 */
export function isKeptLink(href: string): boolean {
  const bare = href.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (/(java|vb|live)script:/i.test(bare) || /^[/\\]{2}/.test(bare)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(bare)?.[1].toLowerCase();
  return scheme === undefined || (LINK_SCHEMES as readonly string[]).includes(scheme);
}
