'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { authedAction } from '@/lib/actions/action';
import { sendPhoneCode, verifyPhone } from './phone-verification';
import { refreshServiceEmailStatus, sendServiceEmailVerification, setServiceEmail } from './service-email';
import { updateProfile } from './service';
import { sendPhoneCodeSchema, serviceEmailSchema, updateProfileSchema, verifyPhoneSchema } from './schema';

export const updateProfileAction = authedAction(updateProfileSchema, (s, input) => updateProfile(s.ctx, input), { successKey: 'accounts.profile.saved' });
export const sendPhoneCodeAction = authedAction(sendPhoneCodeSchema, (s, input) => sendPhoneCode(s.ctx, input), { successKey: 'accounts.profile.codeSent' });
export const verifyPhoneAction = authedAction(verifyPhoneSchema, (s, input) => verifyPhone(s.ctx, input), { successKey: 'accounts.profile.phoneVerified' });
export const setServiceEmailAction = authedAction(serviceEmailSchema, (s, input) => setServiceEmail(s.ctx, input), { successKey: 'accounts.profile.saved' });
export const sendServiceEmailVerificationAction = authedAction(z.object({}), async (s) => sendServiceEmailVerification(s.ctx, await requestBaseUrl()), {
  successKey: 'accounts.profile.verificationSent',
});
export const refreshServiceEmailStatusAction = authedAction(z.object({}), (s) => refreshServiceEmailStatus(s.ctx));

/** APP_URL when configured (behind a proxy), otherwise the address this request came to. */
async function requestBaseUrl(): Promise<string> {
  if (process.env.APP_URL?.trim()) return process.env.APP_URL.trim().replace(/\/+$/, '');
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? '127.0.0.1:3000';
  const proto = h.get('x-forwarded-proto') ?? (host.startsWith('127.0.0.1') || host.startsWith('localhost') ? 'http' : 'https');
  return `${proto}://${host}`;
}
