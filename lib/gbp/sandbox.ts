import { phraseReply } from '@/lib/reply-phrases';
import { demoReviews, type DemoLanguage } from './demo-reviews';
import { ProviderError, STAR_NAMES, type BusinessProfileApi, type GbpAccount, type GbpLocation, type GbpReview, type Page } from './types';

/**
 * The sandbox provider: in-process demo accounts, locations and reviews answering the same API as
 * Google, with the same paging, so a person can try the whole flow without a Google project.
 * Its data is fixed (anchored to a date), so syncing it twice changes nothing.
 */
const ANCHOR = new Date('2026-11-20T10:00:00Z');

interface SandboxLocation extends GbpLocation {
  account: string;
  seed: number;
  count: number;
  languages: DemoLanguage[];
}

const ACCOUNTS: GbpAccount[] = [
  { name: 'accounts/108245190331', accountName: '晨光咖啡集团 Morning Light Group', type: 'LOCATION_GROUP' },
  { name: 'accounts/117730055218', accountName: '林晓晨 (个人)', type: 'PERSONAL' },
];

export const SANDBOX_LOCATIONS: SandboxLocation[] = [
  {
    account: 'accounts/108245190331',
    name: 'locations/5120488317',
    title: '晨光咖啡 静安店',
    storefrontAddress: { addressLines: ['南京西路 1266 号 恒隆广场 B1'], locality: '上海', administrativeArea: '上海', regionCode: 'CN', postalCode: '200040' },
    metadata: { placeId: 'ChIJsandboxJingan01', newReviewUri: 'https://search.google.com/local/writereview?placeid=ChIJsandboxJingan01' },
    seed: 11,
    count: 160,
    languages: ['zh-CN', 'zh-CN', 'zh-CN', 'en-US'],
  },
  {
    account: 'accounts/108245190331',
    name: 'locations/5120488542',
    title: 'Morning Light Café Central',
    storefrontAddress: { addressLines: ['88 Queensway, Pacific Place L1'], locality: 'Hong Kong', administrativeArea: 'Hong Kong Island', regionCode: 'HK' },
    metadata: { placeId: 'ChIJsandboxCentral02', newReviewUri: 'https://search.google.com/local/writereview?placeid=ChIJsandboxCentral02' },
    seed: 22,
    count: 110,
    languages: ['en-US', 'zh-HK'],
  },
  {
    account: 'accounts/108245190331',
    name: 'locations/5120488901',
    title: '晨光咖啡 徐汇滨江店',
    storefrontAddress: { addressLines: ['龙腾大道 2555 号'], locality: '上海', administrativeArea: '上海', regionCode: 'CN', postalCode: '200232' },
    metadata: { placeId: 'ChIJsandboxXuhui03', newReviewUri: 'https://search.google.com/local/writereview?placeid=ChIJsandboxXuhui03' },
    seed: 33,
    count: 64,
    languages: ['zh-CN', 'en-US'],
  },
  {
    account: 'accounts/117730055218',
    name: 'locations/7741002210',
    title: '晨光烘焙工作室 Roastery Lab',
    storefrontAddress: { addressLines: ['武康路 99 号'], locality: '上海', administrativeArea: '上海', regionCode: 'CN', postalCode: '200031' },
    metadata: { placeId: 'ChIJsandboxRoastery04', newReviewUri: 'https://search.google.com/local/writereview?placeid=ChIJsandboxRoastery04' },
    seed: 44,
    count: 18,
    languages: ['zh-CN', 'en-US'],
  },
];

// Replies posted in the sandbox live as long as the process (the reviews table keeps ours).
const store = globalThis as unknown as { __starloopSandboxReplies?: Map<string, { comment: string; updateTime: string } | null> };
const replies = (store.__starloopSandboxReplies ??= new Map());

const cache = new Map<string, GbpReview[]>();

function reviewsOf(location: SandboxLocation): GbpReview[] {
  const cached = cache.get(location.name);
  if (cached) return cached;
  const list = demoReviews(location.seed, location.count, ANCHOR, location.languages).map((r, i): GbpReview => {
    const reviewId = `sbx-${location.seed}-${String(i + 1).padStart(4, '0')}`;
    // Most low ratings were answered already; the newest ones wait for the merchant.
    const answered = (r.rating <= 2 && i < location.count - 12) || (r.rating >= 4 && i % 3 === 0);
    const replyAt = new Date(r.createTime.getTime() + 20 * 3_600_000).toISOString();
    return {
      name: `${location.account}/${location.name}/reviews/${reviewId}`,
      reviewId,
      reviewer: { displayName: r.reviewerName },
      starRating: STAR_NAMES[r.rating],
      comment: r.comment || undefined,
      createTime: r.createTime.toISOString(),
      updateTime: r.createTime.toISOString(),
      reviewReply: answered ? { comment: phraseReply({ rating: r.rating, language: r.language, reviewerName: r.reviewerName, seed: reviewId }), updateTime: replyAt } : undefined,
    };
  });
  // Google lists the newest first.
  list.reverse();
  cache.set(location.name, list);
  return list;
}

function paged<T>(items: T[], pageToken: string | undefined, size: number): Page<T> {
  const start = pageToken ? Number(pageToken) : 0;
  if (!Number.isInteger(start) || start < 0) throw new ProviderError(400, 'invalid page token');
  const end = start + size;
  return { items: items.slice(start, end), nextPageToken: end < items.length ? String(end) : undefined };
}

function findReview(reviewName: string): GbpReview {
  const location = SANDBOX_LOCATIONS.find((l) => reviewName.startsWith(`${l.account}/${l.name}/reviews/`));
  const review = location && reviewsOf(location).find((r) => r.name === reviewName);
  if (!review) throw new ProviderError(404, 'review not found');
  return review;
}

export function sandboxApi(): BusinessProfileApi {
  return {
    async listAccounts(pageToken) {
      return paged(ACCOUNTS, pageToken, 20);
    },
    async listLocations(account, pageToken) {
      if (!ACCOUNTS.some((a) => a.name === account)) throw new ProviderError(404, 'account not found');
      const items = SANDBOX_LOCATIONS.filter((l) => l.account === account).map(({ name, title, storefrontAddress, metadata }) => ({ name, title, storefrontAddress, metadata }));
      return paged(items, pageToken, 100);
    },
    async listReviews(account, location, pageToken) {
      const found = SANDBOX_LOCATIONS.find((l) => l.account === account && l.name === location);
      if (!found) throw new ProviderError(404, 'location not found');
      const all = reviewsOf(found).map((r) => {
        if (!replies.has(r.name)) return r;
        const reply = replies.get(r.name);
        return { ...r, reviewReply: reply ?? undefined };
      });
      const page = paged(all, pageToken, 50);
      const total = all.reduce((sum, r) => sum + STAR_NAMES.indexOf(r.starRating as (typeof STAR_NAMES)[number]), 0);
      return { ...page, totalReviewCount: all.length, averageRating: Math.round((total / all.length) * 10) / 10 };
    },
    async updateReply(reviewName, comment) {
      findReview(reviewName);
      const reply = { comment, updateTime: new Date().toISOString() };
      replies.set(reviewName, reply);
      return reply;
    },
    async deleteReply(reviewName) {
      findReview(reviewName);
      replies.set(reviewName, null);
    },
  };
}
