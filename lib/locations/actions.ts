'use server';

import { authedAction } from '@/lib/auth/authed-action';
import { deleteLocation } from './delete-location';
import { createLocationSchema, deleteLocationSchema, setLocationStatusSchema, updateLocationSchema } from './schema';
import { createLocation, setLocationStatus, updateLocation } from './write-location';

/** The locations page's add, edit, enable/disable and delete; the same services as the API. */
export const createLocationAction = authedAction(createLocationSchema, (session, input) => createLocation(session.ctx, input), { successKey: 'locations.messages.created' });

export const updateLocationAction = authedAction(updateLocationSchema, (session, input) => updateLocation(session.ctx, input), { successKey: 'locations.messages.updated' });

export const setLocationStatusAction = authedAction(setLocationStatusSchema, (session, { locationId, enabled }) => setLocationStatus(session.ctx, locationId, enabled));

export const deleteLocationAction = authedAction(deleteLocationSchema, (session, { locationId }) => deleteLocation(session.ctx, locationId), { successKey: 'locations.messages.deleted' });
