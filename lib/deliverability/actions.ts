'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { checkServiceEmailDomain, rotateServiceEmailKey } from './sender-domain';

/** The profile's deliverability section: check the service e-mail's domain now, or (owner) replace our DKIM key. */
export const checkDomainAction = authedAction(z.object({}), (s) => checkServiceEmailDomain(s.ctx));
export const rotateDkimKeyAction = authedAction(z.object({}), (s) => rotateServiceEmailKey(s.ctx), { successKey: 'deliverability.rotated' });
