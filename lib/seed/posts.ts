import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { posts } from '@/db/schema/posts';
import { cleanPostBody } from '@/lib/posts/body';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { newPublicId } from '@/lib/posts/write-post';
import { saveUpload } from '@/lib/files/save-upload';
import type { DemoMerchant } from './merchant';
import { demoCoverPng, type CoverPalette } from './post-covers';

type SeedPost = Omit<typeof posts.$inferInsert, 'merchantId' | 'authorUserId' | 'publicId'> & { cover?: CoverPalette };

const at = (iso: string) => new Date(iso);

/** The demo café's news: published and draft, Chinese and English. */
export function demoPostRows(): SeedPost[] {
  return [
    {
      title: '秋冬季新品菜单上线：栗子拿铁回来了',
      summary: '11 月 3 日起，静安店与中环店同步推出秋冬季限定饮品和甜点，会员首周享 8 折。',
      locale: 'zh-CN',
      status: 'published',
      cover: { from: [120, 72, 44], to: [214, 150, 92], spot: [255, 226, 180] },
      body: [
        '<p>天气转凉，晨光咖啡的秋冬季菜单准时上线。今年我们保留了大家最爱的<strong>栗子拿铁</strong>，并新增三款限定饮品和两款甜点。</p>',
        '<h2>限定饮品</h2>',
        '<ul><li>栗子拿铁：意式浓缩配自制栗子酱与燕麦奶，热饮 ¥36</li><li>桂花乌龙冷萃：云南乌龙冷萃 12 小时，加入金桂糖浆，¥32</li><li>黑糖姜汁奶茶：暖身首选，可选少糖，¥30</li></ul>',
        '<h2>新品甜点</h2>',
        '<ul><li>焦糖苹果巴斯克芝士蛋糕 ¥38</li><li>南瓜肉桂司康（配奶油与果酱）¥26</li></ul>',
        '<blockquote>11 月 3 日至 11 月 9 日，会员购买任意新品享 8 折，出示会员码即可。</blockquote>',
        '<p>两家门店同步供应，数量有限，售完即止。欢迎来店品尝，也欢迎告诉我们您最喜欢哪一款！</p>',
      ].join(''),
      publishedAt: at('2026-11-03T01:00:00Z'),
      createdAt: at('2026-10-28T07:30:00Z'),
      updatedAt: at('2026-11-03T01:00:00Z'),
    },
    {
      title: 'Holiday opening hours for Christmas and New Year',
      summary: 'Both cafés open every day over the holidays, with shorter hours on Christmas Day and New Year’s Day.',
      locale: 'en-US',
      status: 'published',
      cover: { from: [28, 58, 52], to: [150, 40, 48], spot: [255, 214, 150] },
      body: [
        '<p>We are staying open through the holidays so you can still get your morning coffee. Here are our hours from 24 December to 2 January.</p>',
        '<h2>Jing’an, Shanghai</h2>',
        '<ul><li>24 December: 7:30 – 22:00 (late opening for Christmas Eve)</li><li>25 December: 9:00 – 18:00</li><li>31 December: 7:30 – 20:00</li><li>1 January: 10:00 – 18:00</li><li>Every other day: our usual 7:30 – 21:00</li></ul>',
        '<h2>Central, Hong Kong</h2>',
        '<ul><li>25 and 26 December: 9:00 – 18:00</li><li>1 January: 10:00 – 18:00</li><li>Every other day: our usual 8:00 – 20:00</li></ul>',
        '<p>Ordering a festive cake or a coffee gift box? Call the café or send us a message at least <strong>three days</strong> ahead. Happy holidays from the whole Morning Light team!</p>',
      ].join(''),
      publishedAt: at('2026-11-18T02:00:00Z'),
      createdAt: at('2026-11-17T09:15:00Z'),
      updatedAt: at('2026-11-18T02:00:00Z'),
    },
    {
      title: '元旦假期营业时间调整',
      summary: '12 月 31 日提前打烊，1 月 1 日 10:00 开门。',
      locale: 'zh-CN',
      status: 'draft',
      body: [
        '<p>元旦假期期间，静安店营业时间调整如下：</p>',
        '<ul><li>12 月 31 日：7:30 – 20:00</li><li>1 月 1 日：10:00 – 18:00</li></ul>',
        '<p>1 月 2 日起恢复正常营业。祝大家新年快乐！</p>',
      ].join(''),
      publishedAt: null,
      createdAt: at('2026-11-20T03:00:00Z'),
      updatedAt: at('2026-11-20T03:20:00Z'),
    },
    {
      title: '晨光會員積分計劃登場',
      summary: '每消費 10 元賺 1 分，儲滿 100 分可換任何一杯手調飲品。',
      locale: 'zh-HK',
      status: 'draft',
      cover: { from: [40, 70, 130], to: [64, 158, 255], spot: [230, 240, 255] },
      body: [
        '<p>多謝各位熟客一直以來的支持！由 12 月起，晨光咖啡推出全新會員積分計劃，兩間分店通用。</p>',
        '<h2>點樣賺分？</h2>',
        '<ul><li>每消費 HK$10 賺 1 分</li><li>生日月份消費可享雙倍積分</li><li>自攜杯再額外加 2 分</li></ul>',
        '<h2>點樣換領？</h2>',
        '<p>儲滿 <strong>100 分</strong>即可兌換任何一杯手調飲品；儲滿 250 分可換咖啡豆一包。積分有效期為 12 個月。</p>',
        '<p>只需喺櫃枱提供手機號碼即可登記，完全免費。</p>',
      ].join(''),
      publishedAt: null,
      createdAt: at('2026-11-21T06:00:00Z'),
      updatedAt: at('2026-11-21T08:45:00Z'),
    },
  ];
}

/** Idempotent: the demo merchant gets its articles once; an existing article means done. */
export async function seedPosts(db: Db, demo: Pick<DemoMerchant, 'merchantId' | 'userId'>): Promise<number> {
  const [existing] = await db.select({ id: posts.id }).from(posts).where(eq(posts.merchantId, demo.merchantId)).limit(1);
  if (existing) return 0;
  // The demo user writes posts (post:admin:manage), and the seed uploads covers as that user.
  const ctx = { db, merchantId: demo.merchantId, userId: demo.userId, locale: 'zh-CN' as const, permissions: [POST_ADMIN_PERMISSION], now: () => new Date() };
  const rows = [];
  for (const [index, { cover, ...row }] of demoPostRows().entries()) {
    // Covers go through the files service like an upload; a storage failure only costs the picture.
    const coverId = cover ? await saveUpload(ctx, 'post', { name: `cover-${index + 1}.png`, bytes: demoCoverPng(cover, index + 1) }).catch(() => null) : null;
    rows.push({ ...row, coverFileId: coverId ? String(coverId) : null, body: cleanPostBody(row.body ?? ''), merchantId: demo.merchantId, authorUserId: demo.userId, publicId: newPublicId() });
  }
  await db.insert(posts).values(rows);
  return rows.length;
}
