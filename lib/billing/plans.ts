import type { PlanName } from '@/lib/subscription/plans';

/**
 * The plans a merchant can ask for: the paid plan names of spec section 3, in order. The spec
 * names no prices or limits, so none are shown; the operator answers with the terms.
 */
export const UPGRADE_PLANS = ['basic', 'standard', 'premium', 'pro', 'enterprise'] as const satisfies readonly PlanName[];
export type UpgradePlan = (typeof UPGRADE_PLANS)[number];

/** The longest note a merchant can add to a request. */
export const MAX_UPGRADE_MESSAGE_LENGTH = 1000;
