'use server';

import { authedAction } from '@/lib/auth/authed-action';
import { appearanceSchema } from './appearance-schema';
import { saveAppearance } from './appearance-store';

/** Settings: remember the accent colour and text size for this user (any role, own row only). */
export const saveAppearanceAction = authedAction(appearanceSchema, (session, input) => saveAppearance(session.ctx, input));
