'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { cn, focusRing } from '@/components/ui/cn';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { Pager } from '@/components/ui/pager';
import { pageSnapshotAction } from '@/lib/campaigns/actions';
import { notify } from '@/lib/notify/notify';
import type { Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';

export const MEMBER_PAGE_SIZES = [10, 20, 50] as const;

interface Member {
  memberId: number;
  firstName: string;
  lastName: string;
  gender: number;
  email: string;
  phone: string;
}

/** Members preview (spec section 2): the snapshot's members, pages of 10, 20 or 50 (default 20). */
export function MembersPreviewDialog({ snapshot, onClose }: { snapshot: { snapshotId: number; total: number } | null; onClose: () => void }) {
  const t = useTranslations('campaigns');
  const locale = useLocale() as Locale;
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [result, setResult] = useState<{ key: string; rows: Member[]; total: number }>({ key: '', rows: [], total: 0 });
  // The page being shown is known by its key; anything else is still loading.
  const key = snapshot ? `${snapshot.snapshotId}:${paging.pageNum}:${paging.pageSize}` : '';
  const loading = Boolean(snapshot) && result.key !== key;
  const { rows, total } = result;

  useEffect(() => {
    if (!snapshot) return;
    let live = true;
    pageSnapshotAction({ snapshotId: snapshot.snapshotId, ...paging })
      .then((res) => {
        if (!live) return;
        if (res.ok) setResult({ key, rows: res.data.records, total: res.data.total });
        else {
          setResult({ key, rows: [], total: 0 });
          notify.warning(res.message || t('errors.loadSnapshotFailed'));
        }
      })
      .catch(() => live && (setResult({ key, rows: [], total: 0 }), notify.warning(t('errors.loadSnapshotFailed'))));
    return () => {
      live = false;
    };
  }, [snapshot, paging, key, t]);

  const columns: DataTableColumn<Member>[] = [
    { id: 'name', header: t('form.memberName'), mobile: 'title', cell: (m) => displayName(m, locale) || '-' },
    { id: 'gender', header: t('form.gender'), cell: (m) => t(`form.genders.${m.gender === 1 || m.gender === 2 || m.gender === 3 ? m.gender : 0}`) },
    { id: 'email', header: t('form.recipientEmail'), cell: (m) => m.email || '-' },
    { id: 'phone', header: t('form.recipientPhone'), className: 'whitespace-nowrap', cell: (m) => m.phone || '-' },
  ];

  return (
    <Dialog open={snapshot !== null} onOpenChange={(open) => !open && (onClose(), setPaging({ pageNum: 1, pageSize: 20 }))}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{t('form.membersTitle')}</DialogTitle>
          <DialogDescription>{t('form.membersCount', { count: snapshot?.total ?? 0 })}</DialogDescription>
        </DialogHeader>
        {/* A scrolling box is reached by keyboard (to scroll it with the arrow keys). */}
        <div className={cn('max-h-[60vh] overflow-auto rounded-xl', focusRing)} tabIndex={0} role="region" aria-label={t('form.membersTitle')}>
          <DataTable aria-label={t('form.membersTitle')} columns={columns} rows={rows} rowKey={(m) => m.memberId} loading={loading} empty={<p className="py-8 text-center text-sm text-slate-500">{t('form.noMembers')}</p>} />
        </div>
        {total > 0 && <Pager total={total} pageNum={paging.pageNum} pageSize={paging.pageSize} pageSizes={MEMBER_PAGE_SIZES} onChange={setPaging} />}
      </DialogContent>
    </Dialog>
  );
}
