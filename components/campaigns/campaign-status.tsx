'use client';

import { useTranslations } from 'next-intl';
import { StatusDot, type StatusTone } from '@/components/ui/status-dot';

const tones: Record<number, StatusTone> = { 0: 'neutral', 1: 'warning', 2: 'primary', 3: 'info', 4: 'danger', 5: 'success' };
const labels: Record<number, CampaignStatusLabel> = { 0: 'draft', 1: 'waiting', 2: 'sending', 3: 'paused', 4: 'stopped', 5: 'done' };
type CampaignStatusLabel = 'draft' | 'waiting' | 'sending' | 'paused' | 'stopped' | 'done';

/** The list's status: a coloured dot and the spec's label (draft, waiting, sending, done...). */
export function CampaignStatus({ status }: { status: number }) {
  const t = useTranslations('campaigns.status');
  return <StatusDot tone={tones[status] ?? 'neutral'} pulse={status === 2} label={t(labels[status] ?? 'draft')} />;
}

export function statusLabelKey(status: number): CampaignStatusLabel {
  return labels[status] ?? 'draft';
}
