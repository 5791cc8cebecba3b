import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { isPhoneTyped } from '@/lib/phone/typed';

export const emailField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .email('validation.email')
  .transform((v) => v.toLowerCase());

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.tooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const newPasswordField = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .min(PASSWORD_MIN, 'accounts.validation.passwordShort')
  .max(PASSWORD_MAX, 'accounts.validation.passwordLong')
  .refine((v) => !isCommonPassword(v), 'accounts.validation.passwordCommon');

/** Spec section 9: a verification code has exactly 6 digits. */
export const codeField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(/^\d{6}$/, 'accounts.validation.codeDigits');

/** Empty means "not given" for optional fields typed in a form. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const optionalEmailField = optionalText.pipe(z.string().max(254, 'validation.tooLong').email('validation.email').transform((v) => v.toLowerCase()).optional());

// The shape only: the service reads the number in the merchant's country (lib/phone/read.ts).
export const phoneField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine(isPhoneTyped, 'validation.phone');
export const optionalPhoneField = optionalText.pipe(z.string().refine(isPhoneTyped, 'validation.phone').optional());

export const requiredText = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const emailOnlySchema = z.object({ email: emailField });
export const validateEmailCodeSchema = z.object({ email: emailField, code: codeField });

/** The merchant part of registration (also /api/merchant/register). */
export const merchantDetailsSchema = z.object({
  merchantName: requiredText(100),
  address: requiredText(300),
  serviceEmail: optionalEmailField,
  phone: optionalPhoneField,
});

export const registerSchema = merchantDetailsSchema
  .extend({
    // Checked by the service: missing or expired sends the user back to verify the e-mail.
    verificationToken: z.string().trim().max(4096).optional().default(''),
    userName: requiredText(50),
    password: newPasswordField,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'accounts.validation.passwordMismatch' });
export type RegisterInput = z.infer<typeof registerSchema>;
export type MerchantDetailsInput = z.infer<typeof merchantDetailsSchema>;

/** Settings → delete account (and DELETE /api/user): the password; an empty one is asked for by name. */
export const deleteAccountSchema = z.object({ password: z.string({ error: 'validation.required' }).min(1, 'accounts.settings.passwordRequired').max(1024, 'validation.tooLong') });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const merchantRegisterSchema = merchantDetailsSchema.extend({ verificationToken: z.string().trim().max(4096).optional().default('') });
