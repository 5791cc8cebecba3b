'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { inviteMember, resendInvitation, revokeInvitation } from './invitations';
import { listTeam } from './list-team';
import { removeMember, setPostPermission, transferOwnership } from './members';
import { inviteSchema, postPermissionActionSchema, teamIdSchema } from './schema';

export const listTeamAction = authedAction(z.object({}), (s) => listTeam(s.ctx));
export const inviteMemberAction = authedAction(inviteSchema, (s, input) => inviteMember(s.ctx, input), { successKey: 'team.messages.invited' });
export const resendInvitationAction = authedAction(teamIdSchema, (s, input) => resendInvitation(s.ctx, input.id), { successKey: 'team.messages.resent' });
export const revokeInvitationAction = authedAction(teamIdSchema, (s, input) => revokeInvitation(s.ctx, input.id), { successKey: 'team.messages.revoked' });
export const setPostPermissionAction = authedAction(postPermissionActionSchema, (s, input) => setPostPermission(s.ctx, input.id, input), { successKey: 'team.messages.permissionSaved' });
export const removeMemberAction = authedAction(teamIdSchema, (s, input) => removeMember(s.ctx, input.id), { successKey: 'team.messages.removed' });
export const transferOwnershipAction = authedAction(teamIdSchema, (s, input) => transferOwnership(s.ctx, input.id), { successKey: 'team.messages.transferred' });
