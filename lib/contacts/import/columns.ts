import type { Locale } from '@/lib/i18n/locales';
import type { ImportField } from '../schema';

/** Spreadsheet headers of our exports and sample sheet, per language (also what the guesser knows). */
export const SHEET_HEADERS: Record<Locale, Record<Exclude<ImportField, 'custom' | 'fullName'> | 'lastActivity' | 'createdAt', string>> = {
  'zh-CN': { firstName: '名', lastName: '姓', email: '邮箱', phone: '手机', gender: '性别', type: '类型', location: '门店', tags: '标签', emailOptIn: '邮件订阅', smsOptIn: '短信订阅', lastActivity: '最近活动', createdAt: '创建时间' },
  'en-US': { firstName: 'First Name', lastName: 'Last Name', email: 'Email', phone: 'Phone', gender: 'Gender', type: 'Type', location: 'Location', tags: 'Tags', emailOptIn: 'Email Opt-in', smsOptIn: 'SMS Opt-in', lastActivity: 'Last Activity', createdAt: 'Created' },
  'zh-HK': { firstName: '名', lastName: '姓', email: '電郵', phone: '電話', gender: '性別', type: '類型', location: '分店', tags: '標籤', emailOptIn: '電郵訂閱', smsOptIn: '短訊訂閱', lastActivity: '最近活動', createdAt: '建立時間' },
};

// Header words in the three languages (compared after lower-casing and removing spaces, _ and -).
const SYNONYMS: [ImportField | 'ignore', string[]][] = [
  ['ignore', ['最近活动', '最近活動', 'lastactivity', '创建时间', '建立時間', '建立时间', 'created', 'createdat', 'id', '编号', '編號']],
  ['fullName', ['姓名', '全名', '名称', '名稱', '客户名称', '客戶名稱', '会员', '會員', '会员姓名', '會員姓名', 'name', 'fullname', 'contactname', 'customername', '联系人', '聯絡人']],
  ['firstName', ['名', '名字', '给定名', 'firstname', 'givenname', 'first', 'forename']],
  ['lastName', ['姓', '姓氏', 'lastname', 'surname', 'familyname', 'last']],
  ['email', ['邮箱', '邮件', '电子邮件', '电子邮箱', '邮箱地址', '電郵', '電子郵件', '電郵地址', '郵箱', 'email', 'e-mail', 'mail', 'emailaddress']],
  ['phone', ['手机', '手机号', '手机号码', '电话', '电话号码', '联系电话', '手機', '手機號碼', '電話', '電話號碼', '聯絡電話', 'phone', 'mobile', 'phonenumber', 'mobilephone', 'cell', 'tel', 'telephone']],
  ['gender', ['性别', '性別', 'gender', 'sex']],
  ['type', ['类型', '類型', '客户类型', '客戶類型', 'type', 'contacttype']],
  ['location', ['门店', '分店', '店铺', '店舖', '地点', '地點', 'location', 'store', 'branch', 'shop']],
  ['tags', ['标签', '標籤', 'tags', 'tag', 'labels']],
  ['emailOptIn', ['邮件订阅', '邮箱订阅', '电邮订阅', '電郵訂閱', '郵件訂閱', 'emailoptin', 'emailopt', 'emailsubscribed', 'emailconsent']],
  ['smsOptIn', ['短信订阅', '短訊訂閱', '短信訂閱', 'smsoptin', 'smsopt', 'smssubscribed', 'smsconsent']],
];

// Emoji presentation selectors too: "✔️" is ✔ followed by U+FE0F.
const compact = (header: string) => header.toLowerCase().replace(/[\s_\-:：*()（）.\uFE0E\uFE0F]/g, '');

/**
 * Guesses each column's field from its header in any of the three languages; a header naming one of
 * the merchant's custom fields maps to it; a field is guessed once (the first column wins).
 */
export function guessColumns(headers: string[], customKeys: readonly string[] = []): (ImportField | 'ignore')[] {
  const taken = new Set<string>();
  const custom = new Set(customKeys.map(compact));
  return headers.map((header) => {
    // No header word is long, nor a custom field's key: a long header is never compacted.
    if (header.length > 100) return 'ignore';
    const key = compact(header);
    if (!key) return 'ignore';
    const hit = SYNONYMS.find(([, words]) => words.some((w) => compact(w) === key));
    const field = hit?.[0] ?? (custom.has(key) ? 'custom' : 'ignore');
    if (field === 'ignore' || field === 'custom') return field;
    if (taken.has(field)) return 'ignore';
    taken.add(field);
    return field;
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

export function splitTags(value: string): string[] {
  return value
    .split(/[,，;；、|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}
