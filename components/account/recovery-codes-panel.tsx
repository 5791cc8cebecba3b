'use client';

import { Check, Copy, Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The ten recovery codes, shown once: copy them or download them as a text file. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations('twoFactor');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');

  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('codesFileHeader')}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'starloop-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
        {t('codesLead')}
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-800 mobile:grid-cols-1 dark:text-slate-100" aria-label={t('codesTitle')}>
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-100 px-3 py-1.5 text-center tracking-wider dark:bg-slate-800" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t('copied') : t('copyCodes')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" />
          {t('downloadCodes')}
        </Button>
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {t('codesSaved')}
        </Button>
      </div>
    </div>
  );
}
