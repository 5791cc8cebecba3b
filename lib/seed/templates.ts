import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { templates } from '@/db/schema/templates';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { emailParagraph } from '@/lib/templates/email-blocks';
import { htmlToText } from '@/lib/templates/html-text';
import type { DemoMerchant } from './merchant';

const p = emailParagraph;

/** The demo café's own templates (e-mail and SMS, Chinese and English); once per merchant. */
export async function seedDemoTemplates(db: Db, demo: DemoMerchant): Promise<number> {
  const [existing] = await db.select({ id: templates.id }).from(templates).where(and(eq(templates.merchantId, demo.merchantId))).limit(1);
  if (existing) return 0;
  const email = (name: string, subject: string, html: string, category: 'Reviews' | 'Custom' | 'Surveys', daysAgo: number) => ({
    merchantId: demo.merchantId, name, type: 0, category, subject, content: sanitizeRichHtml(html), contentText: htmlToText(html), createdAt: ago(daysAgo + 3), updatedAt: ago(daysAgo),
  });
  const sms = (name: string, content: string, category: 'Reviews' | 'AppointmentReminder', scene: 'first_optin' | 'subsequent', daysAgo: number) => ({
    merchantId: demo.merchantId, name, type: 1, category, scene, includeUnsubscribe: true, content, contentText: content, createdAt: ago(daysAgo + 5), updatedAt: ago(daysAgo),
  });
  const rows = [
    email(
      '晨光咖啡 · 到店感谢信',
      '{{firstName}}，谢谢你来晨光咖啡 ☕',
      p('{{fullName}}，你好！') +
        p('谢谢你这周来<b>晨光咖啡</b>。今天的手冲是云南保山的日晒豆，希望合你口味。') +
        p('如果愿意，花一分钟<a href="{{googleReviewLink}}" target="_blank">写下你的评价</a>，会帮助更多街坊找到我们。') +
        p('<span style="color:#6b7280;font-size:12px">不想再收到邮件？<a href="{{optoutLink}}" target="_blank">退订</a></span>'),
      'Reviews',
      2,
    ),
    email(
      'Morning Light · Thank-you note',
      'Thanks for stopping by, {{firstName}}',
      p('Hi {{firstName}},') +
        p('Thanks for visiting <b>Morning Light Café</b>. We hope the flat white and the almond croissant made your morning.') +
        p('Would you <a href="{{googleReviewLink}}" target="_blank">leave us a quick review</a>? It helps neighbours find us.') +
        p('<span style="color:#6b7280;font-size:12px"><a href="{{optoutLink}}" target="_blank">Unsubscribe</a></span>'),
      'Reviews',
      6,
    ),
    email(
      '新品试饮问卷',
      '{{firstName}}，秋季新品你打几分？',
      p('{{fullName}}，你好！') + p('秋季限定的<b>桂花燕麦拿铁</b>上线两周了。你觉得甜度、奶味如何？') + p('<a href="{{googleReviewLink}}" target="_blank">告诉我们你的想法</a>，下次到店送你一块司康。'),
      'Surveys',
      12,
    ),
    sms('首次到店 · 评价邀请', '{{fullName}}你好，欢迎第一次来晨光咖啡！方便的话留个评价：{{googleReviewLink}} 同意接收优惠短信请点 {{optinLink}}', 'Reviews', 'first_optin', 1),
    sms('Regulars · review nudge', 'Hi {{firstName}}, thanks for another visit to Morning Light! A quick review helps a lot: {{googleReviewLink}}', 'Reviews', 'subsequent', 4),
    sms('周末订座提醒', '{{firstName}}你好，提醒你本周六上午10点在晨光咖啡的订座，我们会为你留好靠窗的位置。如需改期请直接回复。', 'AppointmentReminder', 'subsequent', 9),
  ];
  await db.insert(templates).values(rows);
  return rows.length;
}

function ago(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}
