/**
 * Realistic café reviews for the sandbox provider and the demo seed: generated from a seeded
 * random source, so the same inputs always give the same reviews (a re-sync changes nothing).
 */
export type DemoLanguage = 'zh-CN' | 'en-US' | 'zh-HK';

export interface DemoReview {
  reviewerName: string;
  rating: number;
  comment: string;
  language: DemoLanguage;
  createTime: Date;
  staff: string | null;
}

const NAMES: Record<DemoLanguage, string[]> = {
  'zh-CN': ['王思琪', '李浩然', '张雨桐', '陈一鸣', '刘佳怡', '赵子轩', '周晓雯', '吴俊杰', '徐梦瑶', '孙嘉懿', '马文博', '朱可欣', '胡天宇', '郭婷婷', '何振宇', '林若曦'],
  'en-US': ['Emily Carter', 'James Wong', 'Sophie Martin', 'Daniel Kim', 'Olivia Brown', 'Lucas Tan', 'Grace Lee', 'Noah Fischer', 'Hannah Smith', 'Ethan Chan', 'Mia Rossi', 'Ryan Patel'],
  'zh-HK': ['陳嘉欣', '黃志明', '李詠詩', '張家豪', '梁曉彤', '何俊賢', '吳凱琳', '鄭浩文', '劉美琪', '麥子健'],
};

const STAFF: Record<DemoLanguage, string[]> = { 'zh-CN': ['小王', '阿杰', '莉莉'], 'en-US': ['Amy', 'Leo', 'Jason'], 'zh-HK': ['阿欣', 'Kelvin', '阿強'] };

const TEXT: Record<DemoLanguage, { good: string[]; ok: string[]; bad: string[]; staff: string }> = {
  'zh-CN': {
    good: [
      '拿铁奶泡很绵密，豆子有坚果和焦糖的香气，下午来坐很舒服。',
      '手冲耶加雪菲非常惊艳，店员会耐心介绍风味，环境安静适合办公。',
      '可颂外酥里软，配燕麦拿铁刚刚好，周末早午餐首选。',
      '装修很温馨，靠窗的位置阳光很好，桂花拿铁是季节限定必点。',
      '出品稳定，咖啡不酸不苦，巴斯克蛋糕也很好吃，会回购。',
      '带朋友来过好几次，每次都很满意，性价比高。',
    ],
    ok: ['咖啡还可以，就是周末人太多要排队，位置有点挤。', '味道中规中矩，甜品偏甜了一点，服务还行。', '环境不错，不过拿铁有点温，希望出品温度再高一点。'],
    bad: ['等了二十五分钟才拿到咖啡，店员也没有解释，体验很差。', '外卖的拿铁洒了一半，联系客服也没人回复。', '桌子没擦干净，蛋糕不新鲜，有点失望。'],
    staff: '店员{staff}服务特别热情，还记得我的口味。',
  },
  'en-US': {
    good: [
      'Best flat white in the neighbourhood. The beans are roasted in house and you can taste it.',
      'Lovely quiet spot to work for a few hours. Fast wifi, friendly staff and great pastries.',
      'The almond croissant is outstanding and the pour-over was bright and fruity. Will be back!',
      'Cosy interior, good music, and the oat latte is perfectly balanced.',
      'Consistently great coffee and a warm welcome every morning on my way to work.',
    ],
    ok: ['Decent coffee but the queue on Saturday was long and seating is limited.', 'Nice place, though my cappuccino was a bit lukewarm.', 'Good pastries, average coffee, prices on the high side.'],
    bad: ['Waited 25 minutes for two drinks and nobody told us why. Not coming back soon.', 'My order was wrong twice and the staff seemed annoyed when I asked.', 'Tables were sticky and the cake tasted stale.'],
    staff: '{staff} at the counter was so friendly and remembered my order.',
  },
  'zh-HK': {
    good: [
      '咖啡好香，奶泡好滑，坐得好舒服，返工前嚟飲杯一流。',
      '手沖好有水準，店員好有耐性介紹，下次帶朋友嚟。',
      '牛角包好鬆脆，配燕麥奶鮮奶咖啡啱啱好，週末早餐必去。',
      '環境好靚，窗邊位好多陽光，打卡一流。',
    ],
    ok: ['咖啡唔錯，不過週末人多要等位。', '甜品偏甜，服務一般般。', '環境幾好，但係咖啡唔夠熱。'],
    bad: ['等咗成廿分鐘先攞到咖啡，店員都冇解釋，好失望。', '叫咗外賣，咖啡瀉咗一半，打電話都冇人聽。', '枱都未抹乾淨，蛋糕唔新鮮。'],
    staff: '{staff}好熱情，仲記得我飲咩。',
  },
};

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** Mostly four and five stars, as for a well-run café. */
function rating(random: () => number): number {
  const r = random();
  if (r < 0.56) return 5;
  if (r < 0.82) return 4;
  if (r < 0.9) return 3;
  if (r < 0.95) return 2;
  return 1;
}

/**
 * `count` reviews spread over the 365 days before `until`, oldest first, in the given mix of
 * languages.
 */
export function demoReviews(seed: number, count: number, until: Date, languages: DemoLanguage[]): DemoReview[] {
  const random = rng(seed);
  const span = 365 * 24 * 3600 * 1000;
  const out: DemoReview[] = [];
  for (let i = 0; i < count; i++) {
    const language = pick(random, languages);
    const stars = rating(random);
    const text = TEXT[language];
    const body = stars >= 4 ? pick(random, text.good) : stars === 3 ? pick(random, text.ok) : pick(random, text.bad);
    const mention = stars >= 4 && random() < 0.18 ? pick(random, STAFF[language]) : null;
    // About one in ten reviews is a rating without text, as on Google.
    const silent = stars >= 4 && random() < 0.1;
    const comment = silent ? '' : mention ? `${body}${language === 'en-US' ? ' ' : ''}${text.staff.replace('{staff}', mention)}` : body;
    // Spread evenly, then jitter within the slot, so months fill more or less evenly.
    const at = until.getTime() - span + Math.floor(((i + random()) / count) * span);
    const hour = 8 + Math.floor(random() * 12);
    const createTime = new Date(Math.floor(at / 86_400_000) * 86_400_000 + (hour - 8) * 3_600_000 + Math.floor(random() * 3_600_000));
    out.push({ reviewerName: pick(random, NAMES[language]), rating: stars, comment, language, createTime, staff: mention });
  }
  return out;
}
