import { and, eq } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { TEMPLATE_TOKENS, type TokenValues } from '@/lib/templates/tokens';
import { loadUsableTemplate } from './lookups';
import { locationOptions } from '@/lib/locations/options';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { CampaignChannel } from '@/db/schema/campaigns';
import { appUrl } from '@/lib/app-url';
import { renderEmailContent, renderSms, tokenValues, type RenderContext } from '@/lib/sending/render-message';
import type { PreviewInput } from './schema';
import { contactColumns } from '@/lib/contacts/record';

/**
 * POST /api/message/direct/{email|sms}/preview: the template rendered for one member with that
 * member's values and the location's review link (spec section 3, message preview response).
 */
export async function previewMessage(ctx: ServiceContext, channel: number, input: PreviewInput) {
  const template = await loadUsableTemplate(ctx.db, ctx.merchantId, input.templateId, channel);
  const [member] = await ctx.db.select(contactColumns).from(contacts).where(and(eq(contacts.id, input.memberId), eq(contacts.merchantId, ctx.merchantId))).limit(1);
  if (!member) throw new AppError('NOT_FOUND', 'campaigns.errors.memberNotFound');
  const location = await resolveLocation(ctx, input, member.locationId);
  // The same renderer as the sending engine, so the preview is what the member receives.
  const render: RenderContext = {
    template: { subject: template.subject, content: template.content, contentText: template.contentText, includeUnsubscribe: template.includeUnsubscribe, locale: template.locale },
    contact: member,
    reviewLink: location.reviewLink,
    baseUrl: appUrl(),
  };
  const email = channel === CampaignChannel.EMAIL;
  const values: TokenValues = { ...tokenValues(render, email ? 'email' : 'sms', ctx.locale), ...overrides(input.variables) };
  const rendered = email ? (({ subject, html }) => ({ subject, content: html }))(renderEmailContent(render, values)) : { subject: '', content: renderSms(render, values, ctx.locale).body };
  return {
    templateId: template.id,
    templateName: template.name,
    subject: rendered.subject,
    content: rendered.content,
    variables: { fullName: values.fullName ?? '', reviewLink: values.googleReviewLink ?? '', unsubscribeLink: values.optoutLink ?? '' },
    memberName: values.fullName ?? '',
    memberEmail: member.email ?? '',
    memberPhone: member.phone ?? '',
    locationId: location.id,
    locationName: location.name,
  };
}

/** locationId, else the e-mail call's `location` label (an id or a name), else the member's own. */
async function resolveLocation(ctx: ServiceContext, input: PreviewInput, memberLocationId: number | null) {
  const label = input.location === undefined ? '' : String(input.location).trim();
  const id = input.locationId ?? (/^\d+$/.test(label) ? Number(label) : undefined);
  if (id) return requireOwnLocation(ctx.db, ctx.merchantId, id);
  if (label) {
    const byName = (await locationOptions(ctx)).find((l) => l.name === label);
    if (!byName) throw notFound('locations.errors.notFound');
    return requireOwnLocation(ctx.db, ctx.merchantId, byName.id);
  }
  if (memberLocationId) return requireOwnLocation(ctx.db, ctx.merchantId, memberLocationId);
  throw new AppError('BAD_REQUEST', 'campaigns.errors.selectLocationOrTemplate');
}

/** Caller-supplied token values (strings only, known tokens only). */
function overrides(variables: Record<string, unknown> | undefined): TokenValues {
  const out: TokenValues = {};
  // The response's variable names (reviewLink, unsubscribeLink) are accepted as well.
  const named: Record<string, unknown> = { ...variables, googleReviewLink: variables?.googleReviewLink ?? variables?.reviewLink, optoutLink: variables?.optoutLink ?? variables?.unsubscribeLink };
  for (const token of TEMPLATE_TOKENS) {
    const value = named[token];
    if (typeof value === 'string' && value.trim()) out[token] = value;
  }
  return out;
}
