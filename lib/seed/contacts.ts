import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { newOptToken } from '@/lib/contacts/opt-token';
import type { DemoMerchant } from './merchant';

const CN_FAMILY = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '欧阳', '高'];
const CN_GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '晓明', '子涵', '雨桐', '浩然', '思雨', '嘉怡'];
const HK_FAMILY = ['陳', '黃', '李', '張', '梁', '何', '林', '鄭', '吳', '劉'];
const HK_GIVEN = ['嘉欣', '志明', '詠琪', '家豪', '凱琳', '俊傑', '曉彤', '偉文', '美玲', '子軒'];
const EN_FIRST = ['Emma', 'Oliver', 'Sophie', 'James', 'Chloe', 'Daniel', 'Grace', 'Kelvin', 'Mandy', 'Jason', 'Olivia', 'Ethan', 'Karen', 'Ryan'];
const EN_LAST = ['Smith', 'Chan', 'Wong', 'Brown', 'Taylor', 'Lee', 'Cheung', 'Wilson', 'Ng', 'Johnson', 'Lam', 'Davies'];
const PINYIN: Record<string, string> = { 王: 'wang', 李: 'li', 张: 'zhang', 刘: 'liu', 陈: 'chen', 杨: 'yang', 黄: 'huang', 赵: 'zhao', 吴: 'wu', 周: 'zhou', 徐: 'xu', 孙: 'sun', 马: 'ma', 朱: 'zhu', 胡: 'hu', 郭: 'guo', 何: 'he', 林: 'lin', 欧阳: 'ouyang', 高: 'gao' };
const TAGS = ['VIP', '常客', '新客', '生日月', '外卖', '咖啡豆会员', '早餐常客', 'Regular'];
const TOTAL = 120;

/**
 * ~120 café members across the demo locations: Chinese and English names, +86 and +852 phones,
 * mixed consent (with its history), types and tags, activity spread over the past year, and
 * one bounced address.
 * Guarded by its own check (the demo merchant has no contacts yet). Raw SQL for the bulk rows.
 */
export async function seedDemoContacts(db: Db, demo: DemoMerchant): Promise<void> {
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${demo.merchantId}`);
  if (n > 0) return;
  const random = prng(20261122);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  const day = 86_400_000;
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (let i = 0; rows.length < TOTAL; i++) {
    const kind = i % 10 < 6 ? 'cn' : i % 10 < 8 ? 'hk' : 'en';
    const last = kind === 'cn' ? pick(CN_FAMILY) : kind === 'hk' ? pick(HK_FAMILY) : pick(EN_LAST);
    const first = kind === 'cn' ? pick(CN_GIVEN) : kind === 'hk' ? pick(HK_GIVEN) : pick(EN_FIRST);
    const hasEmail = kind === 'en' || random() < 0.7;
    const hasPhone = !hasEmail || random() < 0.75;
    const handle = kind === 'cn' ? `${PINYIN[last] ?? 'chen'}${i}` : kind === 'hk' ? `hk.member${i}` : `${first}.${last}${i}`.toLowerCase();
    const email = hasEmail ? `${handle}@${pick(['qq.com', '163.com', 'gmail.com', 'outlook.com', 'example.com'])}` : null;
    const phone = hasPhone ? (kind === 'hk' ? `+852${pick(['5', '6', '9'])}${digits(random, 7)}` : `+861${pick(['3', '5', '8'])}${digits(random, 9)}`) : null;
    if ((email && seen.has(email)) || (phone && seen.has(phone))) continue;
    if (email) seen.add(email);
    if (phone) seen.add(phone);
    const created = now - Math.floor(random() * 360 * day) - day;
    const activity = random() < 0.12 ? null : Math.min(now - 3_600_000, created + Math.floor(random() * (now - created)));
    const emailOpt = email ? (random() < 0.65 ? true : random() < 0.5 ? false : null) : null;
    const smsOpt = phone ? (random() < 0.55 ? true : random() < 0.5 ? false : null) : null;
    const tags = random() < 0.55 ? [...new Set([pick(TAGS), ...(random() < 0.3 ? [pick(TAGS)] : [])])] : [];
    rows.push({
      location_id: demo.locationIds.length ? demo.locationIds[i % demo.locationIds.length] : null,
      first_name: first,
      last_name: last,
      email,
      phone,
      gender: pick(['male', 'female', 'female', 'unknown', 'other'] as const),
      type: random() < 0.6 ? 'customer' : 'leads',
      email_opt_in: emailOpt,
      sms_opt_in: smsOpt,
      opt_at: new Date(created + day).toISOString(),
      tags,
      custom_fields: random() < 0.3 ? { 生日: `${1 + Math.floor(random() * 12)}月${1 + Math.floor(random() * 28)}日`, 喜好: pick(['燕麦拿铁', '美式', '手冲', '抹茶拿铁', 'Flat White']) } : {},
      locale: kind === 'hk' ? 'zh-HK' : kind === 'en' ? 'en-US' : 'zh-CN',
      last_activity_at: activity ? new Date(activity).toISOString() : null,
      created_at: new Date(created).toISOString(),
      opt_token: newOptToken(),
    });
  }
  await db.transaction(async (tx) => {
    const ids = await tx.execute<{ id: number; email_opt_in: boolean | null; sms_opt_in: boolean | null; opt_at: string }>(
      sql`insert into contacts (merchant_id, location_id, first_name, last_name, email, phone, gender, type, email_opt_in, email_opt_in_at, email_opt_in_source,
            sms_opt_in, sms_opt_in_at, sms_opt_in_source, tags, custom_fields, locale, last_activity_at, opt_token, created_at, updated_at)
          select ${demo.merchantId}, r.location_id, r.first_name, r.last_name, r.email, r.phone, r.gender, r.type,
            r.email_opt_in, case when r.email_opt_in is null then null else r.opt_at end, case when r.email_opt_in is null then null else 'import' end,
            r.sms_opt_in, case when r.sms_opt_in is null then null else r.opt_at end, case when r.sms_opt_in is null then null else 'manual' end,
            r.tags, r.custom_fields, r.locale, r.last_activity_at, r.opt_token, r.created_at, r.created_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(location_id int, first_name text, last_name text, email text, phone text,
            gender text, type text, email_opt_in boolean, sms_opt_in boolean, opt_at timestamptz, tags text[], custom_fields jsonb, locale text,
            last_activity_at timestamptz, opt_token text, created_at timestamptz)
          returning id, email_opt_in, sms_opt_in, coalesce(email_opt_in_at, sms_opt_in_at) as opt_at`,
    );
    // History behind each current state; an opt-out usually followed an earlier opt-in.
    const events: { contact_id: number; channel: string; action: string; source: string; at: string }[] = [];
    for (const c of ids) {
      for (const [channel, value] of [['email', c.email_opt_in], ['sms', c.sms_opt_in]] as const) {
        if (value === null) continue;
        const at = c.opt_at ? new Date(c.opt_at).getTime() : now - 30 * day;
        if (value === false) {
          events.push({ contact_id: c.id, channel, action: 'optin', source: channel === 'email' ? 'import' : 'manual', at: new Date(at - 20 * day).toISOString() });
          events.push({ contact_id: c.id, channel, action: 'optout', source: channel === 'email' ? 'public-page' : 'sms-reply', at: new Date(at).toISOString() });
        } else events.push({ contact_id: c.id, channel, action: 'optin', source: channel === 'email' ? 'import' : 'manual', at: new Date(at).toISOString() });
      }
    }
    await tx.execute(sql`insert into contact_consent_events (merchant_id, contact_id, channel, action, source, created_at)
      select ${demo.merchantId}, r.contact_id, r.channel, r.action, r.source, r.at
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as r(contact_id int, channel text, action text, source text, at timestamptz)`);
    // Opt-outs' current source is where they happened.
    await tx.execute(sql`update contacts set email_opt_in_source = 'public-page' where merchant_id = ${demo.merchantId} and email_opt_in = false`);
    await tx.execute(sql`update contacts set sms_opt_in_source = 'sms-reply' where merchant_id = ${demo.merchantId} and sms_opt_in = false`);
    await tx.execute(sql`insert into contact_field_definitions (merchant_id, key) values (${demo.merchantId}, '生日'), (${demo.merchantId}, '喜好') on conflict do nothing`);
    // One address a mailbox host refused as unknown: its contact shows "bounced" and campaigns skip it.
    await tx.execute(sql`update contacts set email_status = 'bounced' where id = (
      select id from contacts where merchant_id = ${demo.merchantId} and email like '%@example.com' and email_opt_in is true order by id limit 1)`);
  });
}

function digits(random: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(random() * 10);
  return s;
}

/** A small deterministic generator: the demo looks the same on every machine. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
