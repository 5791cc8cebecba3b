import { fromZonedTime } from 'date-fns-tz';
import { z } from 'zod';
import { campaignInputSchema } from '@/lib/campaigns/schema';
import { normaliseQuietRanges, validateDeliveryWindow } from '@/lib/schedule/rules';
import { formFieldOf, toInput } from './request-form-input';
import type { RequestValues } from './request-form-model';

/**
 * The request form's schema, derived from the campaign input's. The form's values are not the
 * input (strings as typed, timing and quiet-hour switches, the ranges as rows), so they are turned
 * into it (toInput, the save action's body) and campaignInputSchema, the schema the save action
 * and /api/campaign parse, checks that; each issue lands on the form field holding the value. The
 * output is the parsed input. Loaded with the resolver (zod stays out of the page's first load).
 */
export function requestFormSchema(channel: 0 | 1) {
  return z.custom<RequestValues>().transform((values, ctx) => {
    const issues = new Map<string, string>(formOnlyIssues(values, channel, new Date()));
    const parsed = campaignInputSchema.safeParse(toInput(values, channel));
    for (const issue of parsed.error?.issues ?? []) {
      const field = formFieldOf(issue.path.map(String).join('.'));
      if (!issues.has(field)) issues.set(field, formMessage(field, issue, channel));
    }
    for (const [field, message] of issues) ctx.addIssue({ code: 'custom', path: [field], message });
    return parsed.success && issues.size === 0 ? parsed.data : z.NEVER;
  });
}

/** The domain's message, said the form's way where the form knows better. */
function formMessage(field: string, issue: z.core.$ZodIssue, channel: 0 | 1): string {
  // The channel's template ("choose an SMS template").
  if (field === 'templateId') return `campaigns.errors.${channel === 0 ? 'email' : 'sms'}TemplateRequired`;
  // The tags are one text box: a field's message takes no {max}, so the limits are named outright.
  if (field === 'tags') return issue.path.length > 2 ? 'campaigns.errors.tagTooLong' : 'campaigns.errors.tooManyTags';
  return issue.message;
}

/** What the input no longer shows once mapped, or what needs the clock (spec section 5). Message keys by field. */
function formOnlyIssues(v: RequestValues, channel: 0 | 1, now: Date): [keyof RequestValues, string][] {
  const found: [keyof RequestValues, string][] = [];
  // The server refuses a past time too when it saves; the form says so before the confirmation.
  if (v.timing === 'later' && v.scheduledTime && fromZonedTime(v.scheduledTime, v.timezone).getTime() <= now.getTime()) found.push(['scheduledTime', 'campaigns.errors.timeInPast']);
  // toInput leaves out a window over 24 hours: the input would only show it missing.
  const window = validateDeliveryWindow(v.window);
  if (v.isBatchSend && !window.ok && window.issue === 'over24h') found.push(['window', 'campaigns.errors.windowOver24h']);
  // toInput keeps complete ranges only: quiet hours without one would be saved as none.
  if (v.quiet && normaliseQuietRanges(v.ranges).ranges.length === 0) found.push(['ranges', 'campaigns.errors.quietRangeRequired']);
  // An empty address is left out of the input: it would be saved as a request to the filtered members.
  const address = channel === 0 ? 'recipientEmail' : 'recipientPhone';
  if (v.single && !v[address].trim()) found.push([address, 'campaigns.errors.recipientAddress']);
  return found;
}
