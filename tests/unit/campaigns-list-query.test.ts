import { describe, expect, it } from 'vitest';
import { campaignListInput, campaignQueryFromParams } from '@/components/campaigns/campaign-query';
import { listQuerySchema } from '@/lib/campaigns/schema';

describe('the campaign list query in the URL', () => {
  it('reads the defaults from an empty URL', () => {
    expect(campaignQueryFromParams(new URLSearchParams())).toEqual({ pageNum: 1, pageSize: 10, filter: { channel: undefined, status: undefined }, keyword: '', sortOrder: 'desc' });
  });

  it('reads every parameter the list writes', () => {
    const query = campaignQueryFromParams(new URLSearchParams('pageNum=3&pageSize=25&channel=0&status=4&keyword=%20Summer%20&sortOrder=asc'));
    expect(query).toEqual({ pageNum: 3, pageSize: 25, filter: { channel: 0, status: 4 }, keyword: 'Summer', sortOrder: 'asc' });
    const input = listQuerySchema.parse(campaignListInput(query));
    expect(input).toMatchObject({ pageNum: 3, pageSize: 25, searchConditions: { campaignChannel: 0, status: 4, keyword: 'Summer', sortOrder: 'asc' } });
  });

  it('falls back to the defaults for hand-edited values', () => {
    const query = campaignQueryFromParams(new URLSearchParams('pageNum=-2&pageSize=7&channel=2&status=x&sortOrder=up'));
    expect(query).toEqual({ pageNum: 1, pageSize: 10, filter: { channel: undefined, status: undefined }, keyword: '', sortOrder: 'desc' });
  });
});
