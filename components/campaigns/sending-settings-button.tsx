'use client';

import { Settings2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog's form (react-hook-form) loads when first opened: it stays out of the campaign list's first load.
const SendingSettingsDialog = dynamic(() => import('./sending-settings-dialog').then((m) => m.SendingSettingsDialog), { ssr: false });

/** "Sending settings" beside the request button. */
export function SendingSettingsButton() {
  const t = useTranslations('campaigns.sendingSettings');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="sending-settings"
      >
        <Settings2 className="size-4" aria-hidden />
        {t('button')}
      </Button>
      {wanted && <SendingSettingsDialog open={open} setOpen={setOpen} />}
    </>
  );
}
