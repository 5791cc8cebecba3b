'use client';

import { GripVertical } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { TOKEN_DRAG_TYPE } from '@/components/rich-text-editor/token-drag-type';
import { TEMPLATE_TOKENS, type TemplateToken } from '@/lib/templates/tokens';

/**
 * The parameter chips (spec section 2): a click inserts `{{token}}` at the cursor; dragging drops
 * it where the pointer is, into the rich-text editor (custom type) or a textarea (text/plain).
 */
export function ParameterChips({ onInsert, disabled }: { onInsert: (text: string) => void; disabled?: boolean }) {
  const t = useTranslations('templates.editor');
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">{t('parameters')}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{t('parametersHint')}</span>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('parameters')}>
        {TEMPLATE_TOKENS.map((token: TemplateToken) => (
          <button
            key={token}
            type="button"
            disabled={disabled}
            draggable={!disabled}
            data-token={token}
            title={`{{${token}}}`}
            // No preventDefault on mousedown: in Chromium it cancels the drag before it starts. A
            // button takes focus without moving the page's selection, so the editor's caret stays.
            onClick={() => onInsert(`{{${token}}}`)}
            onDragStart={(e) => {
              e.dataTransfer.setData(TOKEN_DRAG_TYPE, `{{${token}}}`);
              e.dataTransfer.setData('text/plain', `{{${token}}}`);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            className="inline-flex cursor-grab items-center gap-1 rounded-full border border-primary/30 bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary hover:border-primary focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50 dark:bg-primary/15"
          >
            <GripVertical aria-hidden className="size-3 opacity-60" />
            {t(`tokens.${token}`)}
            <code className="font-mono text-[11px]">{`{{${token}}}`}</code>
          </button>
        ))}
      </div>
    </div>
  );
}
