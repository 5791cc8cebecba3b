'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { startTrial } from './start-trial';

export const startTrialAction = authedAction(z.object({}), (s) => startTrial(s.ctx), { successKey: 'subscription.trialStarted' });
