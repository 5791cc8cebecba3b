import type { GoogleConfig } from './config';
import { gbpBucket, type TokenBucket } from './token-bucket';
import { ProviderError, type BusinessProfileApi, type GbpAccount, type GbpLocation, type GbpReview, type Page, type ReviewPage } from './types';

/** Gives a valid access token; `force` after a 401 refreshes even if the token looks unexpired. */
export type AccessTokenSource = (force?: boolean) => Promise<string>;

export const LOCATION_READ_MASK = 'name,title,storefrontAddress,metadata';
export const REVIEW_PAGE_SIZE = 50;
const MAX_RETRIES = 5;

interface Options {
  bucket?: TokenBucket;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Google's Business Profile APIs over HTTP: Account Management (accounts.list), Business
 * Information (locations.list with a readMask) and v4 reviews. Every call takes a token from the
 * quota bucket; a 429 or 503 backs off exponentially (honouring Retry-After); a 401 refreshes the
 * access token once.
 */
export function googleApi(config: GoogleConfig, accessToken: AccessTokenSource, options: Options = {}): BusinessProfileApi {
  const bucket = options.bucket ?? gbpBucket();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      await bucket.take();
      const token = await accessToken(false);
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        await accessToken(true);
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < MAX_RETRIES) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const backoff = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : Math.min(32_000, 500 * 2 ** attempt) + Math.floor(Math.random() * 250);
        await response.body?.cancel();
        await sleep(backoff);
        continue;
      }
      const text = await response.text();
      if (!response.ok) {
        let detail = text.slice(0, 200);
        try {
          detail = JSON.parse(text)?.error?.message ?? detail;
        } catch {}
        throw new ProviderError(response.status, detail);
      }
      return (text ? JSON.parse(text) : {}) as T;
    }
  }

  return {
    async listAccounts(pageToken) {
      const url = new URL(`${config.accountsApi}/accounts`);
      url.searchParams.set('pageSize', '20');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const answer = await call<{ accounts?: GbpAccount[]; nextPageToken?: string }>('GET', url.toString());
      return { items: answer.accounts ?? [], nextPageToken: answer.nextPageToken || undefined } satisfies Page<GbpAccount>;
    },
    async listLocations(account, pageToken) {
      const url = new URL(`${config.locationsApi}/${account}/locations`);
      url.searchParams.set('readMask', LOCATION_READ_MASK);
      url.searchParams.set('pageSize', '100');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const answer = await call<{ locations?: GbpLocation[]; nextPageToken?: string }>('GET', url.toString());
      return { items: answer.locations ?? [], nextPageToken: answer.nextPageToken || undefined };
    },
    async listReviews(account, location, pageToken) {
      const url = new URL(`${config.reviewsApi}/${account}/${location}/reviews`);
      url.searchParams.set('pageSize', String(REVIEW_PAGE_SIZE));
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const answer = await call<{ reviews?: GbpReview[]; nextPageToken?: string; averageRating?: number; totalReviewCount?: number }>('GET', url.toString());
      return { items: answer.reviews ?? [], nextPageToken: answer.nextPageToken || undefined, averageRating: answer.averageRating, totalReviewCount: answer.totalReviewCount } satisfies ReviewPage;
    },
    async updateReply(reviewName, comment) {
      return call<{ comment: string; updateTime: string }>('PUT', `${config.reviewsApi}/${reviewName}/reply`, { comment });
    },
    async deleteReply(reviewName) {
      await call('DELETE', `${config.reviewsApi}/${reviewName}/reply`);
    },
  };
}
