import { CampaignStatus, SendType } from '@/db/schema/campaigns';

/**
 * Spec section 4: the campaign's life. Actions are decided on the *displayed* status (a SENDING
 * campaign delivered in full shows, and behaves, as COMPLETED). The server enforces this table;
 * the list only hides what the server would refuse.
 */
export const campaignActions = ['send', 'schedule', 'pause', 'resume', 'revert', 'stop', 'edit', 'delete', 'details'] as const;
export type CampaignAction = (typeof campaignActions)[number];
/** The actions that change status, reachable as POST /api/campaign/{id}/{action}. */
export const statusActions = ['send', 'schedule', 'pause', 'resume', 'revert', 'stop'] as const;
export type StatusAction = (typeof statusActions)[number];

export interface CampaignState {
  status: number;
  sendType: number;
  totalRecords: number;
  successRecords: number;
}

/** Spec: "A SENDING campaign whose delivered value equals 1/1 is displayed as COMPLETED". */
export function displayStatus(c: CampaignState): number {
  if (c.status === CampaignStatus.SENDING && c.totalRecords > 0 && c.successRecords >= c.totalRecords) return CampaignStatus.COMPLETED;
  return c.status;
}

/** Exactly the table of spec section 4. */
export function allowedActions(c: CampaignState): CampaignAction[] {
  const status = displayStatus(c);
  const out: CampaignAction[] = [];
  switch (status) {
    case CampaignStatus.DRAFT:
      out.push(c.sendType === SendType.SCHEDULE ? 'schedule' : 'send', 'edit', 'delete');
      break;
    case CampaignStatus.SCHEDULED:
      out.push('send', 'revert', 'pause');
      break;
    case CampaignStatus.SENDING:
      out.push('pause');
      break;
    case CampaignStatus.PAUSED:
      out.push('resume');
      if (c.sendType === SendType.NOW) out.push('stop');
      else out.push('delete');
      break;
  }
  out.push('details');
  return out;
}

export function canDo(c: CampaignState, action: CampaignAction): boolean {
  return allowedActions(c).includes(action);
}
