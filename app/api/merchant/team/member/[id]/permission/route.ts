import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { setPostPermission } from '@/lib/team/members';
import { postPermissionSchema, teamIdParamsSchema } from '@/lib/team/schema';

/** PUT /api/merchant/team/member/{id}/permission: `{ canManagePosts }` gives or takes post:admin:manage. */
export const PUT = route({ auth: 'user', params: teamIdParamsSchema, body: postPermissionSchema, successKey: 'team.messages.permissionSaved' }, (ctx, { params, body }) =>
  setPostPermission(ctx, params.id, body),
);

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT');
export { notServed as GET, notServed as POST, notServed as PATCH, notServed as DELETE };
