/** The shapes of Google's Business Profile APIs that we read (the sandbox answers the same). */
export interface GbpAccount {
  name: string; // accounts/123
  accountName: string;
  type?: string;
}

export interface GbpLocation {
  name: string; // locations/456
  title: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string; administrativeArea?: string; regionCode?: string; postalCode?: string };
  metadata?: { placeId?: string; newReviewUri?: string };
}

export type StarRating = 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE' | 'STAR_RATING_UNSPECIFIED';

export interface GbpReview {
  name: string; // accounts/a/locations/l/reviews/r
  reviewId: string;
  reviewer: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: StarRating;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

export interface ReviewPage extends Page<GbpReview> {
  averageRating?: number;
  totalReviewCount?: number;
}

export const STAR_VALUES: Record<StarRating, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5, STAR_RATING_UNSPECIFIED: 0 };
export const STAR_NAMES = ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/** The API every provider answers: Google over HTTP, the sandbox in-process. */
export interface BusinessProfileApi {
  listAccounts(pageToken?: string): Promise<Page<GbpAccount>>;
  listLocations(account: string, pageToken?: string): Promise<Page<GbpLocation>>;
  listReviews(account: string, location: string, pageToken?: string): Promise<ReviewPage>;
  updateReply(reviewName: string, comment: string): Promise<{ comment: string; updateTime: string }>;
  deleteReply(reviewName: string): Promise<void>;
}

/** The grant was revoked or expired for good (invalid_grant): the source must be reconnected. */
export class RevokedGrantError extends Error {
  constructor(detail = 'invalid_grant') {
    super(detail);
    this.name = 'RevokedGrantError';
  }
}

/** The provider answered with an error we cannot recover from by retrying. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`provider answered ${status}: ${detail}`);
    this.name = 'ProviderError';
  }
}

export function formatAddress(location: GbpLocation): string {
  const a = location.storefrontAddress;
  if (!a) return '';
  return [...(a.addressLines ?? []), a.locality, a.administrativeArea, a.postalCode].filter(Boolean).join(', ');
}
