import { BRAND_ON_WHITE } from '@/lib/messaging/layout';

/**
 * The blocks of template e-mails (built-in templates, demo templates, AI drafts): inline styles,
 * since mail clients drop style sheets. Arguments are trusted HTML: escape text first.
 */
export const EMAIL_FONT = 'font-family:Arial,Helvetica,sans-serif';

export const emailParagraph = (html: string) => `<p style="margin:0 0 12px;${EMAIL_FONT};font-size:15px;line-height:1.6;color:#303133">${html}</p>`;

/** A call to action; white text on the brand's 700 step (4.5:1 or more, tests/unit/mail-layout.test.ts). */
export const emailButton = (labelHtml: string, href: string) =>
  `<p style="margin:20px 0"><a href="${href}" target="_blank" style="display:inline-block;padding:10px 22px;background-color:${BRAND_ON_WHITE};color:#ffffff;border-radius:6px;text-decoration:none;${EMAIL_FONT};font-size:15px">${labelHtml}</a></p>`;
