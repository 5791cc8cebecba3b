'use server';

import { authedAction } from '@/lib/auth/authed-action';
import { requestUpgrade } from './request-upgrade';
import { upgradeRequestSchema } from './schema';

export const requestUpgradeAction = authedAction(upgradeRequestSchema, (s, input) => requestUpgrade(s.ctx, input), { successKey: 'billing.sent' });
