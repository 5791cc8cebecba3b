import { z } from 'zod';
import { MAX_UPGRADE_MESSAGE_LENGTH, UPGRADE_PLANS } from './plans';

/** A plan-change request: the upgrade page's form, its server action and POST /api/billing/upgrade-request. */
export const upgradeRequestSchema = z.object({
  plan: z.enum(UPGRADE_PLANS, 'billing.errors.plan'),
  message: z.string('validation.invalidType').trim().max(MAX_UPGRADE_MESSAGE_LENGTH, 'validation.tooLong').optional().default(''),
});
export type UpgradeRequestInput = z.infer<typeof upgradeRequestSchema>;
