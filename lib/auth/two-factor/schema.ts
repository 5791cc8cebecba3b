import { z } from 'zod';
import { codeField } from '@/lib/auth/schema';

/** A code typed at the second step: the app's 6 digits or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorCodeField = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(64, 'validation.tooLong');

const passwordField = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.tooLong');

/** Settings → turn on: the current password (a stolen session must not enrol its own authenticator). */
export const startTwoFactorSchema = z.object({ password: passwordField });
export type StartTwoFactorInput = z.infer<typeof startTwoFactorSchema>;

/** Settings → confirm the authenticator with its current 6-digit code. */
export const enableTwoFactorSchema = z.object({ code: codeField });
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;

/** Settings → turn off, or new recovery codes: the current password and a code. */
export const confirmTwoFactorSchema = z.object({ password: passwordField, code: secondFactorCodeField });
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;

/** The sign-in's second step: the challenge the password step answered and a code. */
export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(2048, 'validation.tooLong'),
  code: secondFactorCodeField,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;
