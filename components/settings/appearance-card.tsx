'use client';

import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { notify } from '@/lib/notify/notify';
import { ACCENTS, ACCENT_SWATCHES, TEXT_SIZES, applyAppearance, type Appearance } from '@/lib/theme/appearance';
import { saveAppearanceAction } from '@/lib/theme/appearance-actions';

/**
 * Settings: accent colour and text size. Native radio inputs, so arrow keys move within each
 * group and screen readers announce "radio, 2 of 5". A choice repaints at once and is then saved.
 */
export function AppearanceCard({ initial }: { initial: Appearance }) {
  const t = useTranslations('appearance');
  const [appearance, setAppearance] = useState(initial);
  const [saving, startSave] = useTransition();
  const [status, setStatus] = useState('');

  const choose = (next: Appearance) => {
    const previous = appearance;
    setAppearance(next);
    applyAppearance(next);
    setStatus('');
    startSave(async () => {
      const result = await saveAppearanceAction(next);
      if (result.ok) {
        setStatus(t('saved'));
        return;
      }
      setAppearance(previous);
      applyAppearance(previous);
      notify.error(result.message);
    });
  };

  return (
    <Card data-testid="appearance-card" aria-busy={saving || undefined}>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('lead')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{t('accent')}</legend>
          <div className="grid grid-cols-5 gap-2 mobile:grid-cols-2">
            {ACCENTS.map((accent) => (
              <ChoiceOption key={accent} name="accent" value={accent} checked={appearance.accent === accent} onChange={() => choose({ ...appearance, accent })}>
                <span aria-hidden="true" className="inline-flex size-5 shrink-0 items-center justify-center rounded-full" style={{ backgroundColor: ACCENT_SWATCHES[accent] }}>
                  {appearance.accent === accent && <Check className="size-3.5 text-white" />}
                </span>
                {t(`accents.${accent}`)}
              </ChoiceOption>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{t('textSize')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {TEXT_SIZES.map((textSize) => (
              <ChoiceOption key={textSize} name="textSize" value={textSize} checked={appearance.textSize === textSize} onChange={() => choose({ ...appearance, textSize })}>
                <span aria-hidden="true" className={cn('font-semibold leading-none', textSize === 'large' ? 'text-lg' : 'text-sm')}>
                  Aa
                </span>
                {t(`sizes.${textSize}`)}
              </ChoiceOption>
            ))}
          </div>
        </fieldset>
        <p role="status" className="sr-only">
          {status}
        </p>
      </CardContent>
    </Card>
  );
}

function ChoiceOption({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: React.ReactNode }) {
  return (
    <label
      className={cn(
        'flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-2 text-sm font-medium transition-colors',
        'has-focus-visible:ring-2 has-focus-visible:ring-primary/60 has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-white dark:has-focus-visible:ring-offset-slate-950',
        checked
          ? 'border-primary bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light'
          : 'border-slate-200 text-slate-700 hover:border-primary/50 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="sr-only" data-testid={`${name}-${value}`} />
      {children}
    </label>
  );
}
