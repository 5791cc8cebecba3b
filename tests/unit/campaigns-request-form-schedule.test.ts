import { describe, expect, it } from 'vitest';
import { toInput } from '@/components/campaigns/request-form-input';
import { valuesFromRecord } from '@/components/campaigns/request-form-model';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { parseScheduledTime } from '@/lib/campaigns/settings';

/** A draft scheduled at the second 01:30 of New York's autumn night (EST, after the clocks went back). */
const SECOND = '2027-11-07T06:30:00.000Z';
const draft = (scheduledTime: string) =>
  ({ campaignId: 1, campaignName: 'Autumn', templateId: 7, locationId: 3, sendType: 1, scheduledTime, timezone: 'America/New_York', filterConditions: '{}', deliveryWindow: null, avoidHours: '', isBatchSend: 0, recipientName: '', recipientEmail: '', recipientPhone: '' }) as unknown as CampaignRecord;
const resaved = (values: ReturnType<typeof valuesFromRecord>) => {
  const input = toInput(values, 0);
  return parseScheduledTime(input.scheduledTime, input.timezone)?.toISOString();
};

describe("a draft's schedule saved again", () => {
  it('keeps the stored instant when its wall time and zone are unchanged, the repeated hour included', () => {
    const values = valuesFromRecord(draft(SECOND));
    expect(values.scheduledTime).toBe('2027-11-07T01:30');
    expect(resaved(values)).toBe(SECOND);
    // The first 01:30 (EDT) and an ordinary time come back as they were too.
    expect(resaved(valuesFromRecord(draft('2027-11-07T05:30:00.000Z')))).toBe('2027-11-07T05:30:00.000Z');
    expect(resaved(valuesFromRecord(draft('2027-06-01T14:00:00.000Z')))).toBe('2027-06-01T14:00:00.000Z');
  });

  it('reads a changed wall time or zone as typed', () => {
    const values = valuesFromRecord(draft(SECOND));
    expect(toInput({ ...values, scheduledTime: '2027-11-07T01:45' }, 0).scheduledTime).toBe('2027-11-07 01:45');
    expect(resaved({ ...values, scheduledTime: '2027-11-07T01:45' })).toBe('2027-11-07T05:45:00.000Z');
    expect(resaved({ ...values, timezone: 'America/Chicago' })).toBe('2027-11-07T06:30:00.000Z'); // 01:30 CDT, its first occurrence
    expect(toInput({ ...values, timezone: 'Asia/Shanghai' }, 0).scheduledTime).toBe('2027-11-07 01:30');
    expect(toInput({ ...values, timing: 'now' }, 0).scheduledTime).toBeNull();
  });
});
