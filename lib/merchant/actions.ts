'use server';

import { z } from 'zod';
import { headers } from 'next/headers';
import { authedAction } from '@/lib/auth/authed-action';
import { clientAddress } from '@/lib/http/client-address';
import { sendPhoneCode, verifyPhone } from './phone-verification';
import { refreshServiceEmailStatus, sendServiceEmailVerification, setServiceEmail } from './service-email';
import { updateProfile } from './profile';
import { sendPhoneCodeSchema, serviceEmailSchema, updateProfileSchema, verifyPhoneSchema } from './schema';

export const updateProfileAction = authedAction(updateProfileSchema, (s, input) => updateProfile(s.ctx, input), { successKey: 'accounts.profile.saved' });
// The address caps need the client's address, which only the request headers carry.
export const sendPhoneCodeAction = authedAction(sendPhoneCodeSchema, async (s, input) => sendPhoneCode(s.ctx, input, clientAddress(await headers())), { successKey: 'accounts.profile.codeSent' });
export const verifyPhoneAction = authedAction(verifyPhoneSchema, (s, input) => verifyPhone(s.ctx, input), { successKey: 'accounts.profile.phoneVerified' });
export const setServiceEmailAction = authedAction(serviceEmailSchema, (s, input) => setServiceEmail(s.ctx, input), { successKey: 'accounts.profile.saved' });
export const sendServiceEmailVerificationAction = authedAction(z.object({}), (s) => sendServiceEmailVerification(s.ctx), {
  successKey: 'accounts.profile.verificationSent',
});
export const refreshServiceEmailStatusAction = authedAction(z.object({}), (s) => refreshServiceEmailStatus(s.ctx));
