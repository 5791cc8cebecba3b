import { describe, expect, it } from 'vitest';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { formFieldOf, forecastValues, toInput } from '@/components/campaigns/request-form-input';
import { defaultValues, type RequestValues } from '@/components/campaigns/request-form-model';
import { requestFormSchema } from '@/components/campaigns/request-form-schema';
import { campaignInputSchema } from '@/lib/campaigns/schema';

const valid = (over: Partial<RequestValues> = {}): RequestValues => ({ ...defaultValues(), campaignName: ' Spring ', templateId: '7', locationId: '3', timezone: 'Asia/Tokyo', ...over });

/** The form schema's issues as { field: message key }. */
function issues(values: RequestValues, channel: 0 | 1 = 0): Record<string, string> {
  const result = requestFormSchema(channel).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the request form schema (derived from campaignInputSchema)', () => {
  it('answers the parsed campaign input for valid values', () => {
    const values = valid({ tags: 'vip, 新客', silentDays: '30', isBatchSend: true, quiet: true });
    const result = requestFormSchema(1).safeParse(values);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(campaignInputSchema.parse(toInput(values, 1)));
    // The save action parses the form's output again: the same input comes out.
    expect(campaignInputSchema.parse(result.data)).toEqual(result.data);
    expect(result.data).toMatchObject({ campaignName: 'Spring', campaignChannel: 1, templateId: 7, locationId: 3, deliveryWindow: '09:00-21:00', avoidHours: '22:00-08:00', filterConditions: { tags: ['vip', '新客'], silentDays: 30 } });
  });

  it("puts the domain schema's messages on the form's fields, the template's per channel", () => {
    expect(issues(defaultValues(), 1)).toEqual({ campaignName: 'campaigns.errors.nameRequired', templateId: 'campaigns.errors.smsTemplateRequired', locationId: 'campaigns.errors.locationRequired' });
    expect(issues(valid({ templateId: '' }), 0)).toEqual({ templateId: 'campaigns.errors.emailTemplateRequired' });
    expect(issues(valid({ campaignName: 'x'.repeat(101) }))).toEqual({ campaignName: 'campaigns.errors.nameTooLong' });
    expect(issues(valid({ silentDays: '5000' }))).toEqual({ silentDays: 'campaigns.errors.silentDays' });
    expect(issues(valid({ silentDays: '1.5' }))).toEqual({ silentDays: 'campaigns.errors.silentDays' });
    expect(issues(valid({ tags: `a, ${'x'.repeat(51)}` }))).toEqual({ tags: 'campaigns.errors.tagTooLong' });
    expect(issues(valid({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`).join(',') }))).toEqual({ tags: 'campaigns.errors.tooManyTags' });
  });

  it('checks the send time: needed when later, not in the past', () => {
    expect(issues(valid({ timing: 'later' }))).toEqual({ scheduledTime: 'campaigns.errors.timeRequired' });
    expect(issues(valid({ timing: 'later', scheduledTime: '2020-01-01T10:00' }))).toEqual({ scheduledTime: 'campaigns.errors.timeInPast' });
    expect(issues(valid({ timing: 'later', scheduledTime: '2999-01-01T10:00' }))).toEqual({});
    // Not sending later: the time is not read.
    expect(issues(valid({ scheduledTime: '2020-01-01T10:00' }))).toEqual({});
  });

  it('checks the window, the quiet ranges and the single recipient as the form holds them', () => {
    expect(issues(valid({ isBatchSend: true, window: { start: '09:00', end: '', endNextDay: false } }))).toEqual({ window: 'campaigns.errors.windowRequired' });
    expect(issues(valid({ isBatchSend: true, window: { start: '09:00', end: '10:00', endNextDay: true } }))).toEqual({ window: 'campaigns.errors.windowOver24h' });
    expect(issues(valid({ quiet: true, ranges: [{ start: '22:00', end: '', endNextDay: false }] }))).toEqual({ ranges: 'campaigns.errors.quietRangeRequired' });
    expect(issues(valid({ single: true }), 0)).toEqual({ recipientEmail: 'campaigns.errors.recipientAddress' });
    expect(issues(valid({ single: true }), 1)).toEqual({ recipientPhone: 'campaigns.errors.recipientAddress' });
    expect(issues(valid({ single: true, recipientPhone: '+85261234567' }), 1)).toEqual({});
  });

  it("answers react-hook-form's errors by field through the lazy resolver", async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(requestFormSchema(0)));
    const result = await resolver(valid({ campaignName: '', silentDays: '-1', isBatchSend: true, window: { start: '', end: '', endNextDay: false } }), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(result.errors).sort()).toEqual(['campaignName', 'silentDays', 'window']);
    expect(result.errors.window?.message).toBe('campaigns.errors.windowRequired');
  });
});

describe('the request form values as the campaign input', () => {
  it("maps the input's paths (schema issues, server field errors) onto the form's fields", () => {
    expect(formFieldOf('filterConditions.silentDays')).toBe('silentDays');
    expect(formFieldOf('filterConditions.tags.2')).toBe('tags');
    expect(formFieldOf('deliveryWindow')).toBe('window');
    expect(formFieldOf('avoidHours')).toBe('ranges');
    expect(formFieldOf('scheduledTime')).toBe('scheduledTime');
  });

  it('forecasts a schedule without a time as sending now', () => {
    expect(forecastValues(valid({ timing: 'later' }), 0)).toMatchObject({ sendType: 0, scheduledTime: null });
    expect(forecastValues(valid({ timing: 'later', scheduledTime: '2999-01-01T10:00' }), 0)).toMatchObject({ sendType: 1, scheduledTime: '2999-01-01 10:00' });
  });
});
