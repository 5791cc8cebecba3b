import { z } from 'zod';
import { emailField, newPasswordField } from './schema';

/** Forgot password: the sign-in e-mail. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const confirmField = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.tooLong');

/** The reset link's token and the new password (registration's rules), typed twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(512, 'validation.tooLong'),
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'accounts.validation.passwordMismatch' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Settings → change password: the current one, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.tooLong'),
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'accounts.validation.passwordMismatch' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Sign out everywhere: said explicitly (the settings card asks first), since it ends this session too. */
export const signOutEverywhereSchema = z.object({ confirm: z.literal(true, { error: 'validation.required' }) });
export type SignOutEverywhereInput = z.infer<typeof signOutEverywhereSchema>;
