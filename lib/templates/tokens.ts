/**
 * Template parameters (spec section 3): six canonical `{{token}}`s, plus the legacy Chinese and
 * English spellings older templates and imported copy use. Pure functions, shared by the
 * server (save, send) and the browser (editor, preview).
 */
export const TEMPLATE_TOKENS = ['firstName', 'lastName', 'fullName', 'optinLink', 'optoutLink', 'googleReviewLink'] as const;
export type TemplateToken = (typeof TEMPLATE_TOKENS)[number];
export type TokenValues = Partial<Record<TemplateToken, string>>;

// Keys are compared after lower-casing and removing spaces, '_', '-' and '.', so first_name,
// FirstName, first-name and FIRST NAME all meet at 'firstname'.
const ALIASES: Record<TemplateToken, string[]> = {
  firstName: ['firstname', 'givenname', 'fname', 'first', '名字', '名', '名字first', '顾客名字', '顧客名字', '客户名字', '客戶名字'],
  lastName: ['lastname', 'surname', 'familyname', 'lname', 'last', '姓', '姓氏'],
  fullName: ['fullname', 'name', 'customername', 'membername', 'contactname', '姓名', '全名', '客户姓名', '客戶姓名', '顾客姓名', '顧客姓名', '会员姓名', '會員姓名', '联系人姓名', '聯絡人姓名'],
  optinLink: ['optinlink', 'optin', 'subscribelink', 'subscribeurl', 'optinurl', '订阅链接', '訂閱連結', '訂閱鏈接', '同意链接', '同意連結', '加入链接', '加入連結'],
  optoutLink: ['optoutlink', 'optout', 'unsubscribelink', 'unsubscribeurl', 'unsubscribe', 'optouturl', '退订链接', '退訂連結', '退訂鏈接', '取消订阅链接', '取消訂閱連結', '取消订阅', '取消訂閱', '退订', '退訂'],
  googleReviewLink: ['googlereviewlink', 'reviewlink', 'reviewurl', 'googlereviewurl', 'googlereview', '评价链接', '評價連結', '評價鏈接', '谷歌评价链接', '谷歌評價連結', 'google评价链接', 'google評價連結', '点评链接', '點評連結', '好评链接', '好評連結'],
};

const lookup = new Map<string, TemplateToken>();
for (const token of TEMPLATE_TOKENS) {
  for (const alias of [token, ...ALIASES[token]]) lookup.set(aliasKey(alias), token);
}

// `{{ name }}`: anything but braces inside, at most 60 characters, so stray braces in text
// (CSS, JSON samples) are left alone.
const TOKEN_PATTERN = /\{\{\s*([^{}]{1,60}?)\s*\}\}/g;

/** The canonical token a written name stands for, or null when it is unknown. */
export function canonicalToken(name: string): TemplateToken | null {
  return lookup.get(aliasKey(name)) ?? null;
}

/**
 * Rewrites every known alias to its canonical `{{token}}` and lists the names it could not
 * place (each once, as written), so a save can refuse them.
 */
export function normalizeTokens(text: string): { text: string; unknown: string[] } {
  const unknown = new Set<string>();
  const out = text.replace(TOKEN_PATTERN, (whole, raw: string) => {
    const name = stripTags(raw).trim();
    const token = canonicalToken(name);
    if (!token) {
      unknown.add(name);
      return whole;
    }
    return `{{${token}}}`;
  });
  return { text: out, unknown: [...unknown] };
}

/**
 * Replaces tokens (aliases included) with member values. In HTML mode the values are escaped,
 * so a contact named `<script>` stays text. Inside a link's address (`href`) a token that starts
 * the address is one (a review or opt-out link) and goes in as it is; anywhere later in it, the
 * value is a part of the address and is percent-encoded, so a name like `A&b=2#x` or `O'Neil`
 * reaches the link's target as typed instead of adding parameters or cutting it (found from
 * outside). One pass over the text: a value that holds `{{…}}` is never expanded again. A known
 * token without a value becomes empty; unknown tokens are left as written.
 */
export function renderTokens(text: string, values: TokenValues, options: { html?: boolean } = {}): string {
  const addresses = options.html ? linkAddressRanges(text) : [];
  return text.replace(TOKEN_PATTERN, (whole, raw: string, offset: number) => {
    const token = canonicalToken(stripTags(raw).trim());
    if (!token) return whole;
    const value = values[token] ?? '';
    if (!options.html) return value;
    const address = addresses.find((range) => offset >= range.start && offset < range.end);
    const partOfAddress = address && text.slice(address.start, offset).trim() !== '';
    return escapeHtml(partOfAddress ? encodeURIComponent(value) : value);
  });
}

/** Where the values of `href` attributes are, in an HTML text (quoted values only, as editors write them). */
function linkAddressRanges(html: string): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (const match of html.matchAll(/(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi)) {
    const start = (match.index ?? 0) + match[1].length + 1;
    ranges.push({ start, end: start + (match[2] ?? match[3]).length });
  }
  return ranges;
}

/** The canonical tokens a text uses, in order of first appearance. */
export function tokensIn(text: string): TemplateToken[] {
  const found = new Set<TemplateToken>();
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const token = canonicalToken(stripTags(match[1]).trim());
    if (token) found.add(token);
  }
  return [...found];
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function aliasKey(name: string): string {
  return name.toLowerCase().replace(/[\s_.\-]+/g, '');
}

// A rich-text editor may split a token with formatting (`{{<b>first</b>Name}}`); the name
// counts without the tags.
function stripTags(value: string): string {
  return value.replace(/<[^>]*>/g, '');
}
