import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { templates, type SmsScene, type TemplateCategory } from '@/db/schema/templates';
import type { Locale } from '@/lib/i18n/locales';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { EMAIL_FONT, emailButton, emailParagraph } from '@/lib/templates/email-blocks';
import { htmlToText } from '@/lib/templates/html-text';

type Text = Record<Locale, string>;
interface Builtin {
  key: string;
  type: 0 | 1;
  category: TemplateCategory;
  scene?: SmsScene;
  name: Text;
  subject?: Text;
  /** E-mail: paragraphs (first is the greeting); SMS: the message. */
  body: Record<Locale, string[]> | Text;
  button?: Text;
  buttonLink?: string;
}

const footer: Text = {
  'zh-CN': '不想再收到此类邮件？<a href="{{optoutLink}}" target="_blank">点此退订</a>',
  'en-US': 'Prefer not to get these emails? <a href="{{optoutLink}}" target="_blank">Unsubscribe</a>',
  'zh-HK': '不想再收到此類電郵？<a href="{{optoutLink}}" target="_blank">按此取消訂閱</a>',
};

/** The common templates (merchantId 0) every merchant starts from, in all three languages. */
const BUILTINS: Builtin[] = [
  {
    key: 'reviews-email', type: 0, category: 'Reviews',
    name: { 'zh-CN': '邀请评价（邮件）', 'en-US': 'Review request (email)', 'zh-HK': '邀請評價（電郵）' },
    subject: { 'zh-CN': '{{firstName}}，感谢光临，邀您留下评价', 'en-US': 'Thanks for visiting, {{firstName}}: how did we do?', 'zh-HK': '{{firstName}}，多謝光臨，邀請您留下評價' },
    body: {
      'zh-CN': ['{{fullName}}，您好！', '感谢您最近的光临。您的真实感受能帮助更多顾客找到我们，也帮助我们做得更好。', '只需一分钟，谢谢您的支持！'],
      'en-US': ['Hi {{firstName}},', 'Thank you for visiting us. Your honest words help other customers find us, and help us get better.', 'It takes about a minute. Thank you!'],
      'zh-HK': ['{{fullName}}，您好！', '多謝您最近的光臨。您的真實感受能幫助更多顧客認識我們，亦令我們做得更好。', '只需一分鐘，多謝支持！'],
    },
    button: { 'zh-CN': '写评价', 'en-US': 'Write a review', 'zh-HK': '撰寫評價' }, buttonLink: '{{googleReviewLink}}',
  },
  {
    key: 'reviews-email-followup', type: 0, category: 'Reviews',
    name: { 'zh-CN': '评价提醒（邮件，第二封）', 'en-US': 'Review reminder (email, follow-up)', 'zh-HK': '評價提提您（電郵，第二封）' },
    subject: { 'zh-CN': '{{firstName}}，还记得上次的体验吗？', 'en-US': '{{firstName}}, a quick word about your visit?', 'zh-HK': '{{firstName}}，仲記得上次嘅體驗嗎？' },
    body: {
      'zh-CN': ['{{fullName}}，您好！', '前几天我们邀请您分享光临体验。如果您还没来得及，现在花一分钟就好。无论好评还是建议，我们都认真阅读。'],
      'en-US': ['Hi {{firstName}},', 'A few days ago we asked how your visit went. If you have not had a moment yet, it only takes one. We read every review, praise and suggestions alike.'],
      'zh-HK': ['{{fullName}}，您好！', '早幾日我們邀請您分享光臨體驗。如果您仲未有時間，而家花一分鐘就得。無論讚賞定建議，我們都會認真細閱。'],
    },
    button: { 'zh-CN': '分享我的体验', 'en-US': 'Share my experience', 'zh-HK': '分享我的體驗' }, buttonLink: '{{googleReviewLink}}',
  },
  {
    key: 'reviews-sms-first', type: 1, category: 'Reviews', scene: 'first_optin',
    name: { 'zh-CN': '邀请评价（短信，首次）', 'en-US': 'Review request (SMS, first message)', 'zh-HK': '邀請評價（短訊，首次）' },
    body: {
      'zh-CN': '{{fullName}}您好，感谢光临！愿意花一分钟留下评价吗？{{googleReviewLink}} 同意接收我们的短信请点 {{optinLink}}',
      'en-US': 'Hi {{firstName}}, thanks for visiting! Would you leave us a quick review? {{googleReviewLink}} To keep getting our texts, confirm here: {{optinLink}}',
      'zh-HK': '{{fullName}}您好，多謝光臨！可否花一分鐘留下評價？{{googleReviewLink}} 同意接收我們的短訊請按 {{optinLink}}',
    },
  },
  {
    key: 'reviews-sms', type: 1, category: 'Reviews', scene: 'subsequent',
    name: { 'zh-CN': '邀请评价（短信）', 'en-US': 'Review request (SMS)', 'zh-HK': '邀請評價（短訊）' },
    body: {
      'zh-CN': '{{firstName}}，感谢您再次光临！您的评价对我们很重要：{{googleReviewLink}}',
      'en-US': 'Hi {{firstName}}, thanks for coming back! A quick review means a lot to us: {{googleReviewLink}}',
      'zh-HK': '{{firstName}}，多謝您再次光臨！您的評價對我們好重要：{{googleReviewLink}}',
    },
  },
  {
    key: 'referrals-email', type: 0, category: 'Referrals',
    name: { 'zh-CN': '推荐好友（邮件）', 'en-US': 'Refer a friend (email)', 'zh-HK': '推薦朋友（電郵）' },
    subject: { 'zh-CN': '{{firstName}}，把好味道分享给朋友', 'en-US': '{{firstName}}, share something good with a friend', 'zh-HK': '{{firstName}}，將好味道分享俾朋友' },
    body: {
      'zh-CN': ['{{fullName}}，您好！', '如果您喜欢我们的服务，欢迎推荐给亲友。一句推荐，是对我们最大的鼓励；也欢迎在网上分享您的体验。'],
      'en-US': ['Hi {{firstName}},', 'If you enjoyed your visit, tell a friend: a personal word is the best compliment we can get. You can also share your experience online.'],
      'zh-HK': ['{{fullName}}，您好！', '如果您喜歡我們的服務，歡迎推薦俾親友。一句推薦，係對我們最大的鼓勵；亦歡迎在網上分享您的體驗。'],
    },
    button: { 'zh-CN': '分享体验', 'en-US': 'Share your experience', 'zh-HK': '分享體驗' }, buttonLink: '{{googleReviewLink}}',
  },
  {
    key: 'referrals-sms', type: 1, category: 'Referrals', scene: 'subsequent',
    name: { 'zh-CN': '推荐好友（短信）', 'en-US': 'Refer a friend (SMS)', 'zh-HK': '推薦朋友（短訊）' },
    body: {
      'zh-CN': '{{firstName}}，谢谢支持！喜欢我们的话，欢迎推荐给朋友，也可以在这里分享体验：{{googleReviewLink}}',
      'en-US': 'Thanks {{firstName}}! If you liked your visit, tell a friend, or share it here: {{googleReviewLink}}',
      'zh-HK': '{{firstName}}，多謝支持！鍾意我們的話，歡迎推薦俾朋友，亦可以喺度分享體驗：{{googleReviewLink}}',
    },
  },
  {
    key: 'surveys-email', type: 0, category: 'Surveys',
    name: { 'zh-CN': '满意度调查（邮件）', 'en-US': 'Satisfaction survey (email)', 'zh-HK': '滿意度調查（電郵）' },
    subject: { 'zh-CN': '{{firstName}}，请给我们打个分', 'en-US': '{{firstName}}, how would you rate your visit?', 'zh-HK': '{{firstName}}，請為我們評個分' },
    body: {
      'zh-CN': ['{{fullName}}，您好！', '我们一直在改进菜品与服务。请告诉我们这次体验如何：哪里让您满意，哪里还可以更好？'],
      'en-US': ['Hi {{firstName}},', 'We keep working on our food and service. Tell us how this visit went: what you liked, and what we could do better.'],
      'zh-HK': ['{{fullName}}，您好！', '我們一直改進食物同服務。請話俾我們知今次體驗點樣：邊度令您滿意，邊度仲可以做得更好？'],
    },
    button: { 'zh-CN': '开始评价', 'en-US': 'Rate your visit', 'zh-HK': '開始評分' }, buttonLink: '{{googleReviewLink}}',
  },
  {
    key: 'surveys-sms', type: 1, category: 'Surveys', scene: 'subsequent',
    name: { 'zh-CN': '满意度调查（短信）', 'en-US': 'Satisfaction survey (SMS)', 'zh-HK': '滿意度調查（短訊）' },
    body: {
      'zh-CN': '{{firstName}}您好，这次体验您满意吗？欢迎打分或留言：{{googleReviewLink}}',
      'en-US': 'Hi {{firstName}}, how was your visit? Rate us or leave a note: {{googleReviewLink}}',
      'zh-HK': '{{firstName}}您好，今次體驗滿意嗎？歡迎評分或留言：{{googleReviewLink}}',
    },
  },
  {
    key: 'appointment-sms', type: 1, category: 'AppointmentReminder', scene: 'subsequent',
    name: { 'zh-CN': '预约提醒（短信）', 'en-US': 'Appointment reminder (SMS)', 'zh-HK': '預約提提您（短訊）' },
    body: {
      'zh-CN': '{{firstName}}您好，提醒您明天的预约，我们已为您留好位置。如需改期请直接回复本短信。',
      'en-US': 'Hi {{firstName}}, a reminder of your booking tomorrow: your table is ready for you. Reply to this message to reschedule.',
      'zh-HK': '{{firstName}}您好，提提您明天的預約，我們已為您留位。如需改期請直接回覆此短訊。',
    },
  },
  {
    key: 'appointment-email', type: 0, category: 'AppointmentReminder',
    name: { 'zh-CN': '预约提醒（邮件）', 'en-US': 'Appointment reminder (email)', 'zh-HK': '預約提提您（電郵）' },
    subject: { 'zh-CN': '{{firstName}}，明天见', 'en-US': 'See you tomorrow, {{firstName}}', 'zh-HK': '{{firstName}}，明天見' },
    body: {
      'zh-CN': ['{{fullName}}，您好！', '温馨提醒：您明天有一个预约，我们已为您准备好。如需改期或取消，直接回复本邮件即可。', '期待与您见面！'],
      'en-US': ['Hi {{firstName}},', 'A friendly reminder of your booking tomorrow: everything is ready for you. To change or cancel, just reply to this email.', 'We look forward to seeing you!'],
      'zh-HK': ['{{fullName}}，您好！', '溫馨提示：您明天有一個預約，我們已為您準備好。如需改期或取消，直接回覆此電郵即可。', '期待與您見面！'],
    },
  },
];

const SEEDED_AT = new Date('2025-10-20T00:00:00Z');

export function commonTemplateRows(): (typeof templates.$inferInsert)[] {
  const locales: Locale[] = ['zh-CN', 'en-US', 'zh-HK'];
  return BUILTINS.flatMap((b) =>
    locales.map((locale) => {
      const body = b.body[locale];
      // Stored exactly as a save through the API would store it.
      const content = b.type === 1 ? (body as string) : sanitizeRichHtml(emailHtml(body as string[], b, locale));
      return {
        merchantId: 0,
        builtinKey: `${b.key}:${locale}`,
        name: b.name[locale],
        description: '',
        type: b.type,
        category: b.category,
        locale,
        subject: b.subject?.[locale] ?? null,
        content,
        contentText: b.type === 1 ? content : htmlToText(content),
        isDefault: true,
        scene: b.type === 1 ? (b.scene ?? 'subsequent') : null,
        includeUnsubscribe: b.type === 1,
        createdAt: SEEDED_AT,
        updatedAt: SEEDED_AT,
      };
    }),
  );
}

/**
 * Seeds the built-in templates; a re-seed updates them in place by their builtin key (never a
 * duplicate). Rows from before builtin keys existed are matched by language, type and name once.
 */
export async function seedCommonTemplates(db: Db): Promise<number> {
  const rows = commonTemplateRows();
  await db.execute(sql`update templates t set builtin_key = v.key from (values ${sql.join(
    rows.map((r) => sql`(${r.builtinKey}, ${r.locale}, ${r.type}, ${r.name})`),
    sql`, `,
  )}) as v(key, locale, type, name) where t.merchant_id = 0 and t.builtin_key is null and t.locale = v.locale and t.type = v.type::int and t.name = v.name
    and not exists (select 1 from templates x where x.builtin_key = v.key)`);
  for (const row of rows) {
    await db
      .insert(templates)
      .values(row)
      .onConflictDoUpdate({
        target: templates.builtinKey,
        set: {
          name: row.name,
          subject: row.subject,
          content: row.content,
          contentText: row.contentText,
          category: row.category,
          scene: row.scene,
          includeUnsubscribe: row.includeUnsubscribe,
          isDefault: true,
          // Changed content is a new version: a campaign pinned to the old one keeps its copy.
          version: sql`case when (${templates.subject}, ${templates.content}, ${templates.contentText}, ${templates.scene}, ${templates.includeUnsubscribe}) is distinct from (excluded.subject, excluded.content, excluded.content_text, excluded.scene, excluded.include_unsubscribe) then ${templates.version} + 1 else ${templates.version} end`,
        },
      });
  }
  return rows.length;
}

function emailHtml(paragraphs: string[], b: Builtin, locale: Locale): string {
  const [greeting, ...rest] = paragraphs;
  const last = rest.length > 1 ? rest.pop() : undefined;
  return [emailParagraph(greeting), ...rest.map(emailParagraph), b.button && b.buttonLink ? emailButton(b.button[locale], b.buttonLink) : '', last ? emailParagraph(last) : '', `<p style="margin:24px 0 0;${EMAIL_FONT};font-size:12px;color:#6b7280">${footer[locale]}</p>`].join('');
}
