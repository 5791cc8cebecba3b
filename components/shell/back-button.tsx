'use client';

import { ArrowLeft } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

export function BackButton() {
  const t = useTranslations('shell');
  const router = useRouter();
  return (
    <Button variant="secondary" size="lg" onClick={() => router.back()}>
      <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
      {t('goBack')}
    </Button>
  );
}
