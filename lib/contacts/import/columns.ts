import { locales, type Locale } from '@/lib/i18n/locales';
import { TAG_SEPARATORS } from '../limits';
import type { ImportField } from '../schema';

/** Spreadsheet headers of our exports and sample sheet, per language (also what the guesser knows). */
export const SHEET_HEADERS: Record<Locale, Record<Exclude<ImportField, 'custom' | 'fullName'> | 'lastActivity' | 'createdAt', string>> = {
  'zh-CN': { firstName: '名', lastName: '姓', email: '邮箱', phone: '手机', gender: '性别', type: '类型', location: '门店', tags: '标签', emailOptIn: '邮件订阅', smsOptIn: '短信订阅', locale: '语言', lastActivity: '最近活动', createdAt: '创建时间' },
  'en-US': { firstName: 'First Name', lastName: 'Last Name', email: 'Email', phone: 'Phone', gender: 'Gender', type: 'Type', location: 'Location', tags: 'Tags', emailOptIn: 'Email Opt-in', smsOptIn: 'SMS Opt-in', locale: 'Language', lastActivity: 'Last Activity', createdAt: 'Created' },
  'zh-HK': { firstName: '名', lastName: '姓', email: '電郵', phone: '電話', gender: '性別', type: '類型', location: '分店', tags: '標籤', emailOptIn: '電郵訂閱', smsOptIn: '短訊訂閱', locale: '語言', lastActivity: '最近活動', createdAt: '建立時間' },
};
type SheetColumn = keyof (typeof SHEET_HEADERS)['zh-CN'];

// Each export header, exactly as the export writes it, and its column (in any of the three languages).
const EXPORT_HEADERS = new Map<string, SheetColumn>(
  Object.values(SHEET_HEADERS).flatMap((headers) => Object.entries(headers).map(([column, header]) => [header, column as SheetColumn])),
);

// Header words in the three languages (compared after lower-casing and removing spaces, _ and -).
const SYNONYMS: [ImportField | 'ignore', string[]][] = [
  ['ignore', ['最近活动', '最近活動', 'lastactivity', '创建时间', '建立時間', '建立时间', 'created', 'createdat', 'id', '编号', '編號']],
  ['fullName', ['姓名', '全名', '名称', '名稱', '客户名称', '客戶名稱', '会员', '會員', '会员姓名', '會員姓名', 'name', 'fullname', 'contactname', 'customername', '联系人', '聯絡人', '氏名', '名前', 'お名前', '이름', '성명']],
  ['firstName', ['名', '名字', '给定名', 'firstname', 'givenname', 'first', 'forename']],
  ['lastName', ['姓', '姓氏', 'lastname', 'surname', 'familyname', 'last']],
  ['email', ['邮箱', '邮件', '电子邮件', '电子邮箱', '邮箱地址', '電郵', '電子郵件', '電郵地址', '郵箱', 'email', 'e-mail', 'mail', 'emailaddress', 'メール', 'メールアドレス', '이메일', '전자우편', '이메일주소']],
  ['phone', ['手机', '手机号', '手机号码', '电话', '电话号码', '联系电话', '手機', '手機號碼', '電話', '電話號碼', '聯絡電話', 'phone', 'mobile', 'phonenumber', 'mobilephone', 'cell', 'tel', 'telephone', '電話番号', '携帯電話', '携帯番号', '전화', '전화번호', '휴대폰', '휴대전화']],
  ['gender', ['性别', '性別', 'gender', 'sex']],
  ['type', ['类型', '類型', '客户类型', '客戶類型', 'type', 'contacttype']],
  ['location', ['门店', '分店', '店铺', '店舖', '地点', '地點', 'location', 'store', 'branch', 'shop']],
  ['tags', ['标签', '標籤', 'tags', 'tag', 'labels']],
  ['emailOptIn', ['邮件订阅', '邮箱订阅', '电邮订阅', '電郵訂閱', '郵件訂閱', 'emailoptin', 'emailopt', 'emailsubscribed', 'emailconsent']],
  ['smsOptIn', ['短信订阅', '短訊訂閱', '短信訂閱', 'smsoptin', 'smsopt', 'smssubscribed', 'smsconsent']],
  ['locale', ['语言', '語言', 'language', 'locale', 'lang']],
];

// Emoji presentation selectors too: "✔️" is ✔ followed by U+FE0F.
const compact = (header: string) => header.toLowerCase().replace(/[\s_\-:：*()（）.\uFE0E\uFE0F]/g, '');

/**
 * Guesses each column's field from its header, in this order: a header exactly as our export
 * writes a built-in column (any of the three languages) is that column, the first time; a header
 * exactly equal to one of the merchant's custom-field keys is that custom field; then the header
 * words of the three languages; then a custom key written differently ("birthday" for
 * "Birthday"). A field is guessed once (the first column wins). The custom keys come before the
 * words so that an export's custom columns ("会员", "Name", "tel", "ID", "E-mail", or "Email"
 * after the built-in Email) come back as they went out, not as a second, dropped name or phone.
 */
export function guessColumns(headers: string[], customKeys: readonly string[] = []): (ImportField | 'ignore')[] {
  const taken = new Set<string>();
  const customExact = new Set(customKeys);
  const custom = new Set(customKeys.map(compact));
  const take = (field: string) => (taken.has(field) ? false : (taken.add(field), true));
  return headers.map((header) => {
    // No header word is long, nor a custom field's key: a long header is never compacted.
    if (header.length > 100) return 'ignore';
    const exact = header.trim();
    const exported = EXPORT_HEADERS.get(exact);
    if (exported && take(exported)) return exported === 'lastActivity' || exported === 'createdAt' ? 'ignore' : exported;
    if (customExact.has(exact)) return 'custom';
    const key = compact(header);
    if (!key) return 'ignore';
    const hit = SYNONYMS.find(([, words]) => words.some((w) => compact(w) === key));
    const field = hit?.[0] ?? (custom.has(key) ? 'custom' : 'ignore');
    if (field === 'ignore' || field === 'custom') return field;
    return take(field) ? field : 'ignore';
  });
}

// Check marks as spreadsheets and forms write them (✓ ✔ √ ☑ ✅ yes; ✗ ✘ × ✕ ✖ ☒ ❌ no).
const YES = ['yes', 'y', 'true', '1', '是', '订阅', '訂閱', '已订阅', '已訂閱', 'optedin', 'optin', 'subscribed', 'in', '同意', '接受', '✓', '✔', '√', '☑', '✅'];
const NO = ['no', 'n', 'false', '0', '否', '退订', '退訂', '已退订', '已退訂', '取消订阅', '取消訂閱', 'optedout', 'optout', 'unsubscribed', 'out', '不同意', '拒绝', '拒絕', '✗', '✘', '×', '✕', '✖', '☒', '❌'];

/**
 * A consent cell: true, false, null (blank: leave as it is), or 'unread' (a value that is neither
 * yes nor no: the contact's consent is left as it is and the row says so).
 */
export function parseOptCell(value: string): boolean | null | 'unread' {
  const v = compact(value);
  if (!v) return null;
  if (YES.includes(v)) return true;
  if (NO.includes(v)) return false;
  return 'unread';
}

// Words and forms of address in the three languages (compared compacted: "Mrs." is "mrs").
const GENDERS: [Gender, string[]][] = [
  ['male', ['男', '男性', '男士', '男生', '先生', 'male', 'm', 'man', 'men', 'mr', 'mister', 'sir', 'boy', 'gentleman']],
  ['female', ['女', '女性', '女士', '女生', '小姐', '太太', '夫人', 'female', 'f', 'woman', 'women', 'ms', 'mrs', 'miss', 'madam', 'mme', 'girl', 'lady']],
  ['other', ['其他', '其它', 'other', 'o', 'x', 'mx', 'nonbinary', 'nb', '非二元']],
  ['unknown', ['未知', '不详', '不詳', '保密', 'unknown', 'u', 'prefernottosay', 'notsaid']],
];
type Gender = 'male' | 'female' | 'other' | 'unknown';

/** A gender cell: the gender, null (blank), or 'unread' (no gender we know: left as it is, and the row says so). */
export function parseGenderCell(value: string): Gender | null | 'unread' {
  const v = compact(value);
  if (!v) return null;
  return GENDERS.find(([, words]) => words.includes(v))?.[0] ?? 'unread';
}

/** A type cell: the type, null (blank), or 'unread' (left as it is, and the row says so). */
export function parseTypeCell(value: string): 'leads' | 'customer' | null | 'unread' {
  const v = compact(value);
  if (!v) return null;
  if (['客户', '客戶', 'customer', 'customers', '顾客', '顧客', '会员', '會員'].includes(v)) return 'customer';
  if (['潜在客户', '潛在客戶', '潜客', 'lead', 'leads', '线索', '線索'].includes(v)) return 'leads';
  return 'unread';
}

/** A language cell: the locale, null (blank), or 'unread' (left as it is, and the row says so). */
export function parseLocaleCell(value: string): Locale | null | 'unread' {
  const v = compact(value);
  if (!v) return null;
  return locales.find((l) => compact(l) === v) ?? 'unread';
}

const TAG_SEPARATOR = new RegExp(`[${TAG_SEPARATORS.join('')}]`);

/**
 * A tags cell's tags: split on any separator, except inside double quotes, which the export puts
 * around a tag holding one (saved before tags were refused a separator): `"A,B", VIP`. A quote
 * that is not closed, or text after the closing quote, is read as plain text.
 */
export function splitTags(value: string): string[] {
  const tags: string[] = [];
  let at = 0;
  while (at <= value.length) {
    const quoted = readQuotedTag(value, at);
    if (quoted) {
      tags.push(quoted.tag);
      at = quoted.next;
      continue;
    }
    let end = at;
    while (end < value.length && !TAG_SEPARATOR.test(value[end])) end++;
    tags.push(value.slice(at, end));
    at = end + 1;
  }
  return tags.map((t) => t.trim()).filter(Boolean);
}

// `"…"` (a quote inside doubled) from `at`, blanks around it, up to a separator or the end; else null.
// Sticky: matched at `at` without copying the rest of the cell (a cell may hold 32,767 characters).
const QUOTED_TAG = /\s*"((?:[^"]|"")*)"\s*/y;

function readQuotedTag(value: string, at: number): { tag: string; next: number } | null {
  QUOTED_TAG.lastIndex = at;
  const m = QUOTED_TAG.exec(value);
  if (!m) return null;
  const next = at + m[0].length;
  if (next < value.length && !TAG_SEPARATOR.test(value[next])) return null;
  return { tag: m[1].replace(/""/g, '"'), next: next + 1 };
}

/** Tags as one cell, re-read by splitTags: a tag holding a separator, or starting with a quote, is quoted. */
export function joinTags(tags: readonly string[]): string {
  return tags.map((t) => (TAG_SEPARATOR.test(t) || t.startsWith('"') ? `"${t.replace(/"/g, '""')}"` : t)).join(', ');
}
