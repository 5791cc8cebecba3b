import type { PlanName } from '@/lib/subscription/plans';

/**
 * SMS a merchant may send in one rolling day (campaigns, single recipients and inbox replies
 * together; verification codes have their own, smaller caps). A trial is what costs us money
 * without paying for it, so it gets the fewest: SMS pumping through a self-registered trial sent
 * premium and satellite numbers whatever we billed.
 */
export const SMS_DAILY_CAPS: Record<PlanName, number> = {
  trial: 50,
  none: 50,
  expired: 50,
  basic: 500,
  paid: 500,
  standard: 2_000,
  premium: 5_000,
  pro: 10_000,
  enterprise: 50_000,
};

/** The rolling "day" the cap counts over. */
export const SMS_CAP_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Country calling codes that are never a customer's phone, refused for every merchant: satellite
 * and international networks (870 Inmarsat, 881 global mobile satellite, 882 and 883 international
 * networks), international premium rate (979) and shared cost (808), universal freephone (800).
 * They are what SMS pumping sends to: the receiving network pays the sender per message.
 */
export const HIGH_RISK_CALLING_CODES = ['800', '808', '870', '881', '882', '883', '979'] as const;

/**
 * Number kinds (libphonenumber's types) that are refused in every country: premium rate, shared
 * cost and universal access numbers bill the sender, and none of them can take a text.
 */
export const HIGH_RISK_NUMBER_TYPES = ['PREMIUM_RATE', 'SHARED_COST', 'UAN'] as const;

/** Where a merchant has no location and no phone of its own to take countries from. */
export const FALLBACK_SMS_COUNTRIES = ['CN', 'HK', 'US'];

