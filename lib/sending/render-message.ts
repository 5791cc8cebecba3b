import { isLocale, type Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';
import { optinLink, optoutLink } from '@/lib/consent/opt-links';
import { signFileLinks } from '@/lib/files/public-links';
import { renderTokens, type TokenValues } from '@/lib/templates/tokens';
import { addTracking } from './tracking';
import { htmlToText } from '@/lib/templates/html-text';
import { withUnsubscribeText } from './sms-unsubscribe';

export interface RenderTemplate {
  subject: string | null;
  content: string;
  contentText: string;
  includeUnsubscribe: boolean;
  locale: string | null;
}

export interface RenderContact {
  firstName: string;
  lastName: string;
  optToken: string;
  locale: string | null;
}

export interface RenderContext {
  template: RenderTemplate;
  contact: RenderContact;
  /** The location's review link: what {{googleReviewLink}} becomes. */
  reviewLink: string | null;
  baseUrl: string;
}

/** The member's language: their own, else the template's, else the fallback (the product default). */
export function memberLocale(contact: RenderContact, template: RenderTemplate, fallback: Locale = 'zh-CN'): Locale {
  if (isLocale(contact.locale)) return contact.locale;
  if (isLocale(template.locale)) return template.locale;
  return fallback;
}

/** The values of the six template parameters for one member (issue 7 item 4). */
export function tokenValues(ctx: RenderContext, channel: 'email' | 'sms', fallback?: Locale): TokenValues {
  const locale = memberLocale(ctx.contact, ctx.template, fallback);
  return {
    firstName: ctx.contact.firstName,
    lastName: ctx.contact.lastName,
    fullName: displayName(ctx.contact, locale),
    optinLink: optinLink(ctx.baseUrl, ctx.contact.optToken, channel),
    optoutLink: optoutLink(ctx.baseUrl, ctx.contact.optToken, channel),
    googleReviewLink: ctx.reviewLink ?? '',
  };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * An e-mail for one delivery: tokens filled (values HTML-escaped), links tracked except the
 * opt-out link, an open pixel, and a working one-click List-Unsubscribe (RFC 8058).
 */
export function renderEmail(ctx: RenderContext, deliveryId: number, merchantId: number): RenderedEmail {
  const values = tokenValues(ctx, 'email');
  const { subject, html: content } = renderEmailContent(ctx, values);
  // The template's images open for the customer by signed address only in mail actually sent (not
  // in the preview): sending is what makes them public; only the sending merchant's own files.
  const body = signFileLinks(content, merchantId);
  const html = addTracking(body, ctx.baseUrl, deliveryId, [values.optoutLink ?? '']);
  const unsubscribe = oneClickUnsubscribeUrl(ctx.baseUrl, ctx.contact.optToken);
  return {
    subject,
    html,
    text: htmlToText(body),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-StarLoop-Delivery': String(deliveryId),
    },
  };
}

/** Subject and HTML (values escaped, links absolute, untracked): what the member reads; the preview shows it. */
export function renderEmailContent(ctx: RenderContext, values: TokenValues): { subject: string; html: string } {
  return {
    subject: renderTokens(ctx.template.subject ?? '', values).replace(/[\r\n]+/g, ' ').trim(),
    html: absoluteUrls(renderTokens(ctx.template.content, values, { html: true }), ctx.baseUrl),
  };
}

/**
 * An SMS for one member, with the unsubscribe text in the member's language when the template
 * asks for it. The sending engine and the request form's preview both render through here.
 */
export function renderSms(ctx: RenderContext, values: TokenValues = tokenValues(ctx, 'sms'), fallback?: Locale): { body: string } {
  const source = ctx.template.contentText.trim() ? ctx.template.contentText : ctx.template.content;
  const body = renderTokens(source, values).trim();
  return { body: ctx.template.includeUnsubscribe ? withUnsubscribeText(body, memberLocale(ctx.contact, ctx.template, fallback)) : body };
}

/** The RFC 8058 target (the contacts' public consent call): a one-click POST there opts the contact out. */
export function oneClickUnsubscribeUrl(baseUrl: string, optToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/member/public/${encodeURIComponent(optToken)}/consent`;
}

/** Template images and links saved as /api/... paths become absolute: a mail client has no origin. */
export function absoluteUrls(html: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return html.replace(/(\s(?:src|href)=)(["'])\/(?!\/)/gi, (_m, attr: string, quote: string) => `${attr}${quote}${base}/`);
}
