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

/** "Add review": a review from another site, typed in by hand. */
export function AddReviewButton({ locations, today }: { locations: { id: number; name: string }[]; today: string }) {
  const t = useTranslations('reviews');
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
        <Plus aria-hidden="true" />
        {t('add.button')}
      </Button>
      {wanted && <AddReviewDialog locations={locations} today={today} open={open} setOpen={setOpen} />}
    </>
  );
}

/** "Import": reviews of other sites from a spreadsheet. */
export function ImportButton() {
  const t = useTranslations('reviews.import');
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
        <Upload aria-hidden="true" />
        {t('button')}
      </Button>
      {wanted && <ImportDialog open={open} setOpen={setOpen} />}
    </>
  );
}
