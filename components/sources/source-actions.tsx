'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { PlugZap, RefreshCw, Unplug } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify/notify';
import { connectSandboxAction, disconnectSourceAction, startGoogleConnectAction, syncSourceAction } from '@/lib/sources/actions';

/** Connect: Google's consent screen, or the sandbox in one click when Google is not configured. */
export function ConnectButton({ provider, reconnect = false }: { provider: 'google' | 'sandbox'; reconnect?: boolean }) {
  const t = useTranslations('sources');
  const router = useRouter();
  const [pending, start] = useTransition();
  const onClick = () =>
    start(async () => {
      if (provider === 'google') {
        const result = await startGoogleConnectAction({});
        if (!result.ok) return notify.warning(result.message);
        window.location.assign(result.data.url);
        return;
      }
      const result = await connectSandboxAction({});
      if (!result.ok) return notify.warning(result.message);
      notify.success(result.message ?? t('connected'));
      router.push(`/sources?source=${result.data.sourceId}`);
      router.refresh();
    });
  return (
    <Button onClick={onClick} loading={pending}>
      <PlugZap aria-hidden="true" />
      {reconnect ? t('reconnect') : provider === 'google' ? t('connectGoogle') : t('connectSandbox')}
    </Button>
  );
}

/** Sync (anyone of the merchant) and disconnect (the owner's: `canDisconnect`). */
export function SourceActions({ sourceId, connected, canDisconnect }: { sourceId: number; connected: boolean; canDisconnect: boolean }) {
  const t = useTranslations('sources');
  const router = useRouter();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<'sync' | 'disconnect' | null>(null);
  const sync = async () => {
    setBusy('sync');
    const result = await syncSourceAction({ sourceId });
    setBusy(null);
    if (!result.ok) {
      notify.warning(result.message);
    } else if (result.data.failedLocations.length) {
      notify.warning(t('syncPartial', { names: result.data.failedLocations.map((f) => f.locationName).join(', ') }));
    } else {
      notify.success(t('syncResult', { inserted: result.data.inserted, updated: result.data.updated, unchanged: result.data.unchanged }));
    }
    router.refresh();
  };
  const disconnect = async () => {
    if (!(await confirm({ title: t('disconnectConfirm.title'), description: t('disconnectConfirm.body'), confirmLabel: t('disconnect'), danger: true }))) return;
    setBusy('disconnect');
    const result = await disconnectSourceAction({ sourceId });
    setBusy(null);
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('disconnected'));
    router.refresh();
  };
  if (!connected) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={sync} loading={busy === 'sync'} disabled={busy !== null}>
        <RefreshCw aria-hidden="true" />
        {t('syncNow')}
      </Button>
      {canDisconnect && (
        <Button variant="ghost" size="sm" onClick={disconnect} loading={busy === 'disconnect'} disabled={busy !== null}>
          <Unplug aria-hidden="true" />
          {t('disconnect')}
        </Button>
      )}
    </div>
  );
}
