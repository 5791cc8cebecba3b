'use client';

import { Plus, Upload } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialogs' forms (react-hook-form, ~13 KB gzipped) load when first opened: they stay out of the
// review list's first load (issue 22). The buttons stay the same elements (focus goes back to them).
const AddReviewDialog = dynamic(() => import('./add-review-dialog').then((m) => m.AddReviewDialog), { ssr: false });
const ImportDialog = dynamic(() => import('./import-dialog').then((m) => m.ImportDialog), { ssr: false });

type DialogState = { open: boolean; setOpen: (open: boolean) => void };

/** A button whose dialog is mounted (and its code loaded) on the first click, then kept. */
function LazyDialogButton({ icon, label, dialog }: { icon: React.ReactNode; label: string; dialog: (state: DialogState) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {icon}
        {label}
      </Button>
      {wanted && dialog({ open, setOpen })}
    </>
  );
}

/** "Add review": a review from another site, typed in by hand. */
export function AddReviewButton({ locations, today }: { locations: { id: number; name: string }[]; today: string }) {
  const t = useTranslations('reviews');
  return <LazyDialogButton icon={<Plus aria-hidden="true" />} label={t('add.button')} dialog={(state) => <AddReviewDialog locations={locations} today={today} {...state} />} />;
}

/** "Import": reviews of other sites from a spreadsheet. */
export function ImportButton() {
  const t = useTranslations('reviews.import');
  return <LazyDialogButton icon={<Upload aria-hidden="true" />} label={t('button')} dialog={(state) => <ImportDialog {...state} />} />;
}
