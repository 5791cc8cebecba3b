import { z } from 'zod';
import { emailField, newPasswordField, requiredText } from '@/lib/auth/schema';
import { INT4_MAX, rowId } from '@/lib/validation/ids';


/** A member's or an invitation's id, from a path or an action's input. */
export const teamIdField = z.coerce.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid').max(INT4_MAX, 'validation.invalid');
export const teamIdParamsSchema = z.object({ id: rowId() });

/** The owner invites one e-mail address. */
export const inviteSchema = z.object({ email: emailField });
export type InviteInput = z.infer<typeof inviteSchema>;

/** Gives (true) or takes (false) the post permission. */
export const postPermissionSchema = z.object({ canManagePosts: z.boolean({ error: 'validation.required' }) });
export const postPermissionActionSchema = postPermissionSchema.extend({ id: teamIdField });

export const teamIdSchema = z.object({ id: teamIdField });

/** The invitee's form: the link's token, a name and a password (the registration's rules). */
export const acceptInvitationSchema = z
  .object({
    token: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    userName: requiredText(50),
    password: newPasswordField,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'accounts.validation.passwordMismatch' });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The link's token alone: what the accept page reads before the form. */
export const invitationTokenSchema = z.object({ token: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200, 'validation.tooLong') });
