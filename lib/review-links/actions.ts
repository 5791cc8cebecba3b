'use server';

import { authedAction } from '@/lib/auth/authed-action';
import { createReviewLinkSchema, listReviewLinksQuerySchema, setReviewLinkEnabledSchema } from './schema';
import { listReviewLinks } from './list-review-links';
import { createReviewLink, setReviewLinkEnabled } from './write-review-link';

/** The locations screen's code dialog: the same services as /api/merchant/reviewLink. */
export const listReviewLinksAction = authedAction(listReviewLinksQuerySchema, (session, input) => listReviewLinks(session.ctx, input));

export const createReviewLinkAction = authedAction(createReviewLinkSchema, (session, input) => createReviewLink(session.ctx, input), { successKey: 'reviewLinks.messages.created' });

export const setReviewLinkEnabledAction = authedAction(setReviewLinkEnabledSchema, (session, input) => setReviewLinkEnabled(session.ctx, input));
