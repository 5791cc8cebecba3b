import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { recordMessage } from '@/lib/inbox/record-message';
import type { DemoMerchant } from './merchant';

const HOUR = 60 * 60 * 1000;

interface Line {
  direction: 'in' | 'out';
  channel: 'email' | 'sms';
  subject?: string;
  text: string;
  hoursAgo: number;
}

// Customers answering review requests: thanks, a complaint handled, a booking question, a reply in English.
const THREADS: { lines: Line[]; processed?: boolean }[] = [
  {
    lines: [
      { direction: 'in', channel: 'sms', text: '刚刚写好评价啦，拿铁真的很好喝！', hoursAgo: 3 },
      { direction: 'out', channel: 'sms', text: '谢谢您的支持！下次来店里报手机号可以积分哦～', hoursAgo: 2 },
      { direction: 'in', channel: 'sms', text: '好的，周末见！', hoursAgo: 1 },
    ],
  },
  {
    lines: [
      { direction: 'in', channel: 'email', subject: 'Re: 感谢光临晨光咖啡', text: '上周六下午等了快二十分钟才拿到咖啡，希望能改进一下。', hoursAgo: 30 },
      { direction: 'out', channel: 'email', subject: 'Re: 感谢光临晨光咖啡', text: '非常抱歉让您久等了！周末我们已经增加了一位咖啡师。下次到店出示这封邮件，送您一杯手冲。', hoursAgo: 26 },
      { direction: 'in', channel: 'email', subject: 'Re: 感谢光临晨光咖啡', text: '谢谢回复，会再去试试。', hoursAgo: 20 },
    ],
    processed: true,
  },
  {
    lines: [{ direction: 'in', channel: 'sms', text: '请问周日上午可以预订六个人的位子吗？', hoursAgo: 0.5 }],
  },
  {
    lines: [
      { direction: 'in', channel: 'email', subject: 'Re: Thanks for visiting: how did we do?', text: 'Loved the flat white and the new seasonal menu. Left you five stars!', hoursAgo: 50 },
      { direction: 'out', channel: 'email', subject: 'Re: Thanks for visiting: how did we do?', text: 'Thank you so much! See you again soon.', hoursAgo: 48 },
    ],
    processed: true,
  },
  {
    lines: [{ direction: 'in', channel: 'sms', text: '能开发票吗？上次消费忘记要了。', hoursAgo: 6 }],
  },
];

/** A few conversations for the demo merchant, once. */
export async function seedDemoInbox(db: Db, demo: DemoMerchant): Promise<void> {
  const [existing] = await db.execute<{ n: number }>(sql`select count(*)::int as n from conversations where merchant_id = ${demo.merchantId}`);
  if (Number(existing?.n) > 0) return;
  const people = await db.execute<{ id: number; email: string | null; phone: string | null }>(
    sql`select id, email, phone from contacts where merchant_id = ${demo.merchantId} and email is not null and phone is not null
          and email_opt_in is not false and sms_opt_in is not false
        order by id limit ${THREADS.length}`,
  );
  const now = Date.now();
  for (const [i, thread] of THREADS.entries()) {
    const person = people[i];
    if (!person) break;
    let conversationId = 0;
    for (const line of thread.lines) {
      const customer = line.channel === 'email' ? (person.email ?? '') : (person.phone ?? '');
      const result = await recordMessage(db, {
        merchantId: demo.merchantId,
        contactId: person.id,
        direction: line.direction,
        channel: line.channel,
        from: line.direction === 'in' ? customer : '晨光咖啡',
        to: line.direction === 'in' ? 'hello@morninglight.example' : customer,
        subject: line.subject ?? null,
        text: line.text,
        externalId: `<demo-${person.id}-${line.hoursAgo}@morninglight.example>`,
        at: new Date(now - line.hoursAgo * HOUR),
      });
      conversationId = result.conversationId;
    }
    if (thread.processed) await db.execute(sql`update conversations set processed = true, unread_count = 0 where id = ${conversationId}`);
  }
}
