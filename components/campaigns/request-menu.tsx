'use client';

import { ChevronDown, Mail, MessageSquare, Plus } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** The request button: a menu choosing an e-mail or an SMS request (spec section 2). */
export function RequestMenu({ align = 'end' }: { align?: 'start' | 'center' | 'end' }) {
  const t = useTranslations('campaigns.list');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden />
          {t('newRequest')}
          <ChevronDown className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuItem asChild>
          <Link href="/campaigns/email-request">
            <Mail className="size-4" aria-hidden />
            {t('emailRequest')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/campaigns/sms-request">
            <MessageSquare className="size-4" aria-hidden />
            {t('smsRequest')}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
