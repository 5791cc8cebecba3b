/** Spec section 3: currentStatus TRIAL_ACTIVE means trialing. */
export const TRIAL_STATUS = 'TRIAL_ACTIVE';
/** A new merchant before a trial or a plan (our choice: the spec names no such status). */
export const NO_PLAN_STATUS = 'NONE';
export const EXPIRED_STATUS = 'EXPIRED';
export const TRIAL_DAYS = 14;

/** Plan names shown (spec section 3), plus "none" for a merchant who has not started one. */
export const PLAN_NAMES = ['trial', 'basic', 'standard', 'premium', 'pro', 'enterprise', 'expired', 'paid', 'none'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

const NAMED_PLANS = new Set<PlanName>(['basic', 'standard', 'premium', 'pro', 'enterprise']);

export interface SubscriptionStatus {
  /** The stored status, or EXPIRED once a trial's end has passed. */
  currentStatus: string;
  /** ISO time, or null. */
  trialEndTime: string | null;
  plan: PlanName;
  trialing: boolean;
  /** A start-trial action is offered: no trial used yet and no paid plan. */
  canStartTrial: boolean;
  /** Whole days until the trial ends (rounded up), or null without a trial. */
  trialDaysLeft: number | null;
}

/** The display plan of a stored status; an unknown paid status falls back to "paid". */
export function subscriptionStatusOf(stored: string, trialEndTime: Date | null, now: Date): SubscriptionStatus {
  const status = stored.trim();
  const trialOver = status === TRIAL_STATUS && trialEndTime !== null && trialEndTime.getTime() <= now.getTime();
  const currentStatus = trialOver ? EXPIRED_STATUS : status;
  const lower = currentStatus.toLowerCase();
  let plan: PlanName;
  if (currentStatus === TRIAL_STATUS) plan = 'trial';
  else if (currentStatus === NO_PLAN_STATUS) plan = 'none';
  else if (lower === 'expired' || lower === 'trial_expired') plan = 'expired';
  else if (NAMED_PLANS.has(lower as PlanName)) plan = lower as PlanName;
  else plan = 'paid';
  return {
    currentStatus,
    trialEndTime: trialEndTime ? trialEndTime.toISOString() : null,
    plan,
    trialing: currentStatus === TRIAL_STATUS,
    canStartTrial: currentStatus === NO_PLAN_STATUS && trialEndTime === null,
    trialDaysLeft: trialEndTime ? Math.max(0, Math.ceil((trialEndTime.getTime() - now.getTime()) / 86_400_000)) : null,
  };
}

/** What the plan card says of the status: the stored code (TRIAL_ACTIVE, a paid plan's name) is not for merchants. */
export type StatusLabel = 'trialing' | 'active' | 'expired' | 'none';
export function statusLabelOf(plan: PlanName): StatusLabel {
  if (plan === 'trial') return 'trialing';
  if (plan === 'expired' || plan === 'none') return plan;
  return 'active';
}
