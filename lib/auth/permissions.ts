import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';

export const POST_ADMIN_PERMISSION = 'post:admin:manage';

export function canManagePosts(ctx: Pick<ServiceContext, 'permissions'>): boolean {
  return ctx.permissions.includes(POST_ADMIN_PERMISSION);
}

/**
 * Checked by every write even though the route and the action check first: a service is the
 * last line, whoever calls it (a proxy or a wrapper can be bypassed).
 */
export function assertCanManagePosts(ctx: Pick<ServiceContext, 'permissions'>): void {
  if (!canManagePosts(ctx)) throw new AppError('FORBIDDEN', 'posts.errors.noPermission');
}
