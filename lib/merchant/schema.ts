import { z } from 'zod';
import { codeField, emailField, phoneField, requiredText } from '@/lib/auth/schema';

export const updateProfileSchema = z.object({ merchantName: requiredText(100), address: requiredText(300) });
export const sendPhoneCodeSchema = z.object({ phone: phoneField });
/** Spec section 5: phone and code are both required to verify. */
export const verifyPhoneSchema = z.object({ phone: phoneField, code: codeField });
export const serviceEmailSchema = z.object({ serviceEmail: emailField });
export const confirmServiceEmailSchema = z.object({ token: z.string().trim().min(1, 'validation.required').max(200) });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
