import type { ChannelStatus } from './filter-menu';

/** Spec section 9: the campaign list pages by 10, 25 or 50. */
export const CAMPAIGN_PAGE_SIZES = [10, 25, 50] as const;

export interface CampaignQuery {
  pageNum: number;
  pageSize: number;
  filter: ChannelStatus;
  keyword: string;
  sortOrder: 'asc' | 'desc';
}

/**
 * The campaign list's query from its URL (`pageNum`, `pageSize`, `channel`, `status`, `keyword`,
 * `sortOrder`); read by the server page for the first render and by the list after each change.
 * Anything unknown falls back to the default, as a hand-edited URL should.
 */
export function campaignQueryFromParams(params: { get(name: string): string | null }): CampaignQuery {
  const pageNum = Number(params.get('pageNum'));
  const pageSize = Number(params.get('pageSize'));
  return {
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: (CAMPAIGN_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : CAMPAIGN_PAGE_SIZES[0],
    filter: { channel: codeParam(params.get('channel'), 1), status: codeParam(params.get('status'), 5) },
    keyword: params.get('keyword')?.trim() ?? '',
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
  };
}

/** The list action's (and route's) input for a query. */
export function campaignListInput(query: CampaignQuery) {
  const { channel, status } = query.filter;
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    searchConditions: JSON.stringify({ campaignChannel: channel, status, keyword: query.keyword || undefined, sortBy: 'sendTime', sortOrder: query.sortOrder }),
  };
}

function codeParam(value: string | null, max: number): number | undefined {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
}
