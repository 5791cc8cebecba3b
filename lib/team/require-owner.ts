import { AppError } from '@/lib/errors/app-error';
import { userRole } from '@/lib/auth/user-role';
import type { ServiceContext } from '@/lib/context';

/**
 * Only the merchant's owner changes the merchant's details and manages the team. Read from the
 * user row on every call (a transfer takes effect at once), checked by the service itself.
 */
export async function requireOwner(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId'>, messageKey = 'team.errors.ownerOnly'): Promise<void> {
  if ((await userRole(ctx)) !== 'owner') throw new AppError('FORBIDDEN', messageKey);
}
