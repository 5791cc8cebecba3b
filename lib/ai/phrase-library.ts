import type { TemplateCategory } from '@/db/schema/templates';
import type { Locale } from '@/lib/i18n/locales';

/**
 * Our own phrases for drafting templates without an AI model: for each category and language,
 * interchangeable openings, bodies, asks and closings. A draft picks one of each, so the button
 * gives a fresh, sensible text every time.
 */
interface Phrases {
  subjects: string[];
  openings: string[];
  bodies: string[];
  asks: string[];
  closings: string[];
  button: string;
  sms: string[];
}

type Library = Record<TemplateCategory, Record<Locale, Phrases>>;

const reviews: Record<Locale, Phrases> = {
  'zh-CN': {
    subjects: ['{{firstName}}，感谢光临，邀您留下评价', '{{firstName}}，这次体验还满意吗？', '一分钟，说说您的感受'],
    openings: ['{{fullName}}，您好！', '亲爱的{{fullName}}：'],
    bodies: ['感谢您最近的光临，希望这次体验让您满意。', '谢谢您抽空来店里，我们一直记得每一位客人的喜好。', '您的每一次到访，都是对我们最好的鼓励。'],
    asks: ['您的真实评价能帮助更多顾客找到我们，只需一分钟。', '如果方便，请在网上留下几句评价，好的坏的我们都认真看。', '愿意花一分钟分享您的感受吗？这对我们意义重大。'],
    closings: ['再次感谢，期待下次见面！', '祝您生活愉快，欢迎常来。', '谢谢您的支持！'],
    button: '写评价',
    sms: ['{{firstName}}您好，感谢光临！方便的话留下一句评价吧：{{googleReviewLink}}', '{{fullName}}，谢谢您今天来店！您的评价对我们很重要：{{googleReviewLink}}', '{{firstName}}，这次体验还满意吗？一分钟评价：{{googleReviewLink}}'],
  },
  'en-US': {
    subjects: ['Thanks for visiting, {{firstName}}: how did we do?', '{{firstName}}, got a minute for us?', 'How was your visit, {{firstName}}?'],
    openings: ['Hi {{firstName}},', 'Hello {{firstName}},', 'Dear {{fullName}},'],
    bodies: ['Thank you for visiting us recently. We hope everything was just right.', 'It was great to see you. We remember what our regulars like, and we hope we got it right.', 'Every visit means a lot to a small team like ours.'],
    asks: ['Your honest review helps other customers find us, and takes about a minute.', 'Would you share a few words online? We read every review, good or bad.', 'If you have a moment, tell others what you thought.'],
    closings: ['Thanks again, and see you soon!', 'Have a great week.', 'Thank you for your support!'],
    button: 'Write a review',
    sms: ['Hi {{firstName}}, thanks for visiting! Would you leave us a quick review? {{googleReviewLink}}', 'Thanks for coming in today, {{firstName}}! A quick review means a lot: {{googleReviewLink}}', '{{firstName}}, how did we do? Tell us in a minute: {{googleReviewLink}}'],
  },
  'zh-HK': {
    subjects: ['{{firstName}}，多謝光臨，邀請您留下評價', '{{firstName}}，今次體驗滿意嗎？', '一分鐘，講講您的感受'],
    openings: ['{{fullName}}，您好！', '親愛的{{fullName}}：'],
    bodies: ['多謝您最近的光臨，希望今次體驗令您滿意。', '多謝您抽空嚟店，我們一直記住每位客人的喜好。', '您每一次到訪，都係對我們最大的鼓勵。'],
    asks: ['您的真實評價能幫助更多顧客認識我們，只需一分鐘。', '如果方便，請在網上留低幾句評價，好與不好我們都會認真細閱。', '願意花一分鐘分享您的感受嗎？對我們好重要。'],
    closings: ['再次多謝，期待下次見面！', '祝您生活愉快，歡迎常來。', '多謝您的支持！'],
    button: '撰寫評價',
    sms: ['{{firstName}}您好，多謝光臨！方便的話留低一句評價：{{googleReviewLink}}', '{{fullName}}，多謝您今日嚟店！您的評價對我們好重要：{{googleReviewLink}}', '{{firstName}}，今次體驗滿意嗎？一分鐘評價：{{googleReviewLink}}'],
  },
};

const referrals: Record<Locale, Phrases> = {
  'zh-CN': {
    subjects: ['{{firstName}}，把好味道分享给朋友', '{{firstName}}，带朋友一起来吧'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['谢谢您一直以来的支持。', '很高兴您喜欢我们的服务。'],
    asks: ['如果您觉得不错，欢迎推荐给亲友，也可以在网上分享您的体验。', '一句推荐，是对我们最大的鼓励。欢迎带朋友一起来。'],
    closings: ['期待与您和朋友见面！', '谢谢您！'],
    button: '分享体验',
    sms: ['{{firstName}}，谢谢支持！喜欢的话欢迎推荐给朋友，也可以在这里分享：{{googleReviewLink}}'],
  },
  'en-US': {
    subjects: ['{{firstName}}, share something good with a friend', 'Bring a friend next time, {{firstName}}'],
    openings: ['Hi {{firstName}},'],
    bodies: ['Thank you for being a regular.', 'We are glad you enjoy coming by.'],
    asks: ['If you like what we do, tell a friend, or share your experience online.', 'A personal recommendation is the best compliment we can get.'],
    closings: ['Hope to see you and your friends soon!', 'Thank you!'],
    button: 'Share your experience',
    sms: ['Thanks {{firstName}}! If you liked your visit, tell a friend or share it here: {{googleReviewLink}}'],
  },
  'zh-HK': {
    subjects: ['{{firstName}}，將好味道分享俾朋友', '{{firstName}}，下次帶埋朋友嚟'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['多謝您一直以來的支持。', '好高興您鍾意我們的服務。'],
    asks: ['如果覺得唔錯，歡迎推薦俾親友，亦可以在網上分享您的體驗。', '一句推薦，係對我們最大的鼓勵。歡迎帶朋友一齊嚟。'],
    closings: ['期待與您同朋友見面！', '多謝您！'],
    button: '分享體驗',
    sms: ['{{firstName}}，多謝支持！鍾意的話歡迎推薦俾朋友，亦可以喺度分享：{{googleReviewLink}}'],
  },
};

const surveys: Record<Locale, Phrases> = {
  'zh-CN': {
    subjects: ['{{firstName}}，请给我们打个分', '{{firstName}}，您的意见很重要'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['我们一直在改进产品与服务。', '为了做得更好，我们想听听您的真实想法。'],
    asks: ['这次体验哪里让您满意，哪里还可以更好？欢迎打分留言。', '请花一分钟告诉我们您的感受。'],
    closings: ['感谢您的宝贵意见！', '谢谢您的时间！'],
    button: '开始评分',
    sms: ['{{firstName}}您好，这次体验满意吗？欢迎打分留言：{{googleReviewLink}}'],
  },
  'en-US': {
    subjects: ['{{firstName}}, how would you rate your visit?', 'Your opinion matters, {{firstName}}'],
    openings: ['Hi {{firstName}},'],
    bodies: ['We keep working on our products and service.', 'To do better, we would love to hear what you really think.'],
    asks: ['What did you like, and what could we do better? Rate us and leave a note.', 'Please take a minute to tell us how it went.'],
    closings: ['Thank you for your feedback!', 'Thanks for your time!'],
    button: 'Rate your visit',
    sms: ['Hi {{firstName}}, how was your visit? Rate us or leave a note: {{googleReviewLink}}'],
  },
  'zh-HK': {
    subjects: ['{{firstName}}，請為我們評個分', '{{firstName}}，您的意見好重要'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['我們一直改進產品同服務。', '為咗做得更好，我們想聽聽您的真實想法。'],
    asks: ['今次體驗邊度令您滿意，邊度仲可以更好？歡迎評分留言。', '請花一分鐘話俾我們知您的感受。'],
    closings: ['多謝您寶貴的意見！', '多謝您的時間！'],
    button: '開始評分',
    sms: ['{{firstName}}您好，今次體驗滿意嗎？歡迎評分留言：{{googleReviewLink}}'],
  },
};

const appointments: Record<Locale, Phrases> = {
  'zh-CN': {
    subjects: ['{{firstName}}，明天见', '预约提醒：{{firstName}}，我们已为您准备好'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['温馨提醒：您明天有一个预约，我们已为您准备好。', '提醒您即将到来的预约。'],
    asks: ['如需改期或取消，直接回复即可。', '如有任何变动，请提前告诉我们。'],
    closings: ['期待与您见面！', '明天见！'],
    button: '查看详情',
    sms: ['{{firstName}}您好，提醒您明天的预约，如需改期请直接回复本短信。', '{{fullName}}，您的预约就在明天，我们已为您留好位置。改期请回复。'],
  },
  'en-US': {
    subjects: ['See you tomorrow, {{firstName}}', 'Reminder: your booking is coming up'],
    openings: ['Hi {{firstName}},'],
    bodies: ['A friendly reminder of your booking tomorrow: everything is ready for you.', 'Just a reminder of your upcoming appointment.'],
    asks: ['To change or cancel, simply reply.', 'If anything changes, let us know ahead of time.'],
    closings: ['We look forward to seeing you!', 'See you tomorrow!'],
    button: 'View details',
    sms: ['Hi {{firstName}}, a reminder of your appointment tomorrow. Reply to this message to reschedule.', '{{firstName}}, your booking is tomorrow and we have your spot ready. Reply to change it.'],
  },
  'zh-HK': {
    subjects: ['{{firstName}}，明天見', '預約提提您：{{firstName}}，我們已為您準備好'],
    openings: ['{{fullName}}，您好！'],
    bodies: ['溫馨提示：您明天有一個預約，我們已為您準備好。', '提提您即將到來的預約。'],
    asks: ['如需改期或取消，直接回覆即可。', '如有任何變動，請提早通知我們。'],
    closings: ['期待與您見面！', '明天見！'],
    button: '查看詳情',
    sms: ['{{firstName}}您好，提提您明天的預約，如需改期請直接回覆此短訊。', '{{fullName}}，您的預約就喺明天，我們已為您留位。改期請回覆。'],
  },
};

export const PHRASES: Library = { Custom: reviews, Reviews: reviews, Referrals: referrals, Surveys: surveys, AppointmentReminder: appointments };

/** A draft composed from the library; `pick` chooses an index (random by default, fixed in tests). */
export function composeFromLibrary(category: TemplateCategory, type: 0 | 1, locale: Locale, pick: (n: number) => number = (n) => Math.floor(Math.random() * n)): { subject: string | null; body: string[] } {
  const ph = PHRASES[category][locale];
  const one = (list: string[]) => list[pick(list.length) % list.length];
  if (type === 1) return { subject: null, body: [one(ph.sms)] };
  return { subject: one(ph.subjects), body: [one(ph.openings), `${one(ph.bodies)}${locale === 'en-US' ? ' ' : ''}${one(ph.asks)}`, `[[button:${ph.button}]]`, one(ph.closings)] };
}
