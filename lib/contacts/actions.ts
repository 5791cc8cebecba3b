'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { changeConsent } from './change-consent';
import { deleteContact, deleteContacts } from './delete-contacts';
import { createContact, quickAddContact, updateContact } from './save-contact';
import { batchDeleteInput, consentInput, contactInput, quickAddInput } from './schema';

export const createContactAction = authedAction(contactInput, (s, input) => createContact(s.ctx, input), { successKey: 'contacts.created' });

export const quickAddContactAction = authedAction(quickAddInput, (s, input) => quickAddContact(s.ctx, input), { successKey: 'contacts.created' });

export const updateContactAction = authedAction(z.object({ id: z.number().int().positive(), contact: contactInput }), (s, input) => updateContact(s.ctx, input.id, input.contact), {
  successKey: 'contacts.saved',
});

export const deleteContactAction = authedAction(z.object({ id: z.number().int().positive() }), (s, input) => deleteContact(s.ctx, input.id));

export const deleteContactsAction = authedAction(batchDeleteInput, (s, input) => deleteContacts(s.ctx, input.ids));

export const changeConsentAction = authedAction(consentInput.extend({ id: z.number().int().positive() }), (s, { id, ...input }) => changeConsent(s.ctx, id, input, 'manual'), {
  successKey: 'contacts.consentSaved',
});
