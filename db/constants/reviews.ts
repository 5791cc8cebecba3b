/**
 * The value lists of the review columns, without drizzle: the schema (db/schema/reviews.ts)
 * builds on them, and client components can import them from here, so that drizzle's pg-core
 * stays out of their pages (issue 11, first-load JavaScript).
 */

/**
 * Where a review was written: the connected business profile (google), three third-party sites
 * that matter to cafés in Shanghai and Hong Kong (Dianping, OpenRice, TripAdvisor), or other.
 */
export const reviewSites = ['google', 'dianping', 'openrice', 'tripadvisor', 'other'] as const;
export type ReviewSite = (typeof reviewSites)[number];
export const reviewOrigins = ['sync', 'manual', 'import'] as const;
export type ReviewOrigin = (typeof reviewOrigins)[number];
