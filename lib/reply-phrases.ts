/**
 * Our own reply drafts, used when no AI model is configured: a few natural replies per language
 * and rating band, chosen by a stable hash of the review so a review keeps its draft.
 * `{name}` is the reviewer's name. A leaf below lib/reviews (its drafts) and lib/gbp (the sandbox's
 * demo replies), so the provider adapter never reaches up into reviews.
 */
export type DraftLanguage = 'zh-CN' | 'en-US' | 'zh-HK';
type Band = 'positive' | 'neutral' | 'negative';

const PHRASES: Record<DraftLanguage, Record<Band, string[]>> = {
  'zh-CN': {
    positive: [
      '{name}，谢谢您的好评！很高兴您喜欢我们的咖啡和服务，期待下次再为您做一杯。',
      '感谢{name}的五星鼓励！团队看到您的留言都特别开心，欢迎常来坐坐。',
      '谢谢{name}的分享！您的支持是我们每天早起烘豆的动力，下次来记得试试我们的季节限定。',
    ],
    neutral: [
      '{name}，感谢您的反馈。我们会认真看待您提到的问题，希望下次能给您更好的体验。',
      '谢谢{name}抽空留言。您的建议我们已转达给门店团队，欢迎再次光临并告诉我们变化。',
    ],
    negative: [
      '{name}，非常抱歉这次没有让您满意。我们已经和门店同事复盘了您提到的情况，方便的话请联系我们，让我们有机会弥补。',
      '抱歉给{name}带来不好的体验。您的意见对我们很重要，我们会立即改进，也欢迎您私信门店经理详细沟通。',
    ],
  },
  'en-US': {
    positive: [
      'Thank you, {name}! We are so glad you enjoyed your visit, and we look forward to making your next cup.',
      'Thanks for the kind words, {name}! The team was delighted to read this. See you again soon.',
      'We really appreciate your review, {name}. Next time, ask us about our seasonal specials!',
    ],
    neutral: [
      'Thank you for your feedback, {name}. We have shared your comments with the team and hope to give you a better experience next time.',
      'Thanks for taking the time to write, {name}. We are looking into what you mentioned and would love to welcome you back.',
    ],
    negative: [
      'We are very sorry, {name}, that your visit fell short. We have reviewed what happened with our team; please reach out to us so we can make it right.',
      'Sorry to hear about your experience, {name}. Your feedback matters to us and we are fixing this now. Our store manager would be glad to hear from you directly.',
    ],
  },
  'zh-HK': {
    positive: [
      '{name}，多謝你嘅好評！好開心你鍾意我哋嘅咖啡同服務，期待下次再見！',
      '多謝{name}嘅支持！團隊見到你嘅留言都好鼓舞，得閒記得再嚟坐坐。',
      '多謝{name}分享！下次嚟可以試吓我哋嘅季節限定，一定唔會令你失望。',
    ],
    neutral: [
      '{name}，多謝你嘅意見。我哋會認真跟進你提到嘅問題，希望下次可以俾你更好嘅體驗。',
      '多謝{name}抽時間留言，你嘅建議我哋已經轉達畀分店同事，歡迎再次光臨。',
    ],
    negative: [
      '{name}，非常抱歉今次未能令你滿意。我哋已經同分店同事檢討過你提到嘅情況，方便嘅話請聯絡我哋，俾我哋一個補救嘅機會。',
      '對於{name}今次嘅體驗我哋深感抱歉，你嘅意見對我哋好重要，我哋會即刻改善，亦歡迎你直接聯絡分店經理。',
    ],
  },
};

export function bandOf(rating: number): Band {
  if (rating >= 4) return 'positive';
  if (rating === 3) return 'neutral';
  return 'negative';
}

/** The language of our phrase library closest to a review's language tag. */
export function draftLanguageOf(language: string | null | undefined): DraftLanguage {
  const tag = (language ?? '').toLowerCase();
  if (tag.startsWith('zh')) return /(hk|tw|mo|hant|yue)/.test(tag) ? 'zh-HK' : 'zh-CN';
  if (tag === 'yue') return 'zh-HK';
  return 'en-US';
}

export function phraseReply(input: { rating: number; language: string | null; reviewerName: string; seed: string | number }): string {
  const options = PHRASES[draftLanguageOf(input.language)][bandOf(input.rating)];
  const text = options[stableHash(String(input.seed)) % options.length];
  const name = input.reviewerName.trim() || (draftLanguageOf(input.language) === 'en-US' ? 'there' : '您');
  return text.replaceAll('{name}', name);
}

function stableHash(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}
