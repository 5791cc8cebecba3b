'use client';

import { ChevronDown, Filter } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSub, DropdownMenuSubContent, DropdownMenuSubTrigger, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { statusLabelKey } from './campaign-status';

export interface ChannelStatus {
  channel?: number;
  status?: number;
}

const STATUSES = [0, 1, 2, 3, 4, 5];

/** The cascading filter of spec section 2: channel (all, email, SMS), then status. */
export function FilterMenu({ value, onChange }: { value: ChannelStatus; onChange: (next: ChannelStatus) => void }) {
  const t = useTranslations('campaigns');
  const channelName = (c?: number) => (c === 0 ? t('list.email') : c === 1 ? t('list.sms') : t('list.allChannels'));
  const label = value.status === undefined ? channelName(value.channel) : `${channelName(value.channel)} / ${t(`status.${statusLabelKey(value.status)}`)}`;
  const channels: (number | undefined)[] = [undefined, 0, 1];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" aria-label={`${t('list.filter')}: ${label}`} data-testid="campaign-filter">
          <Filter className="size-4" aria-hidden />
          <span className="max-w-48 truncate">{label}</span>
          <ChevronDown className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {channels.map((channel) => (
          <DropdownMenuSub key={String(channel)}>
            <DropdownMenuSubTrigger>{channelName(channel)}</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem onSelect={() => onChange({ channel })}>{t('list.allStatuses')}</DropdownMenuItem>
              {STATUSES.map((status) => (
                <DropdownMenuItem key={status} onSelect={() => onChange({ channel, status })}>
                  {t(`status.${statusLabelKey(status)}`)}
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
