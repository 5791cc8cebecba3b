import type { z } from 'zod';
import type { SmsScene } from '@/db/constants/templates';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { TemplateRecord } from '@/lib/templates/record';
import type { templateBodySchema } from '@/lib/templates/schema';

/** The editor's values are the API's body (POST /campaign/template): what the action is sent as it is. */
export type TemplateFormValues = z.input<typeof templateBodySchema>;
export type TemplateFormOutput = z.output<typeof templateBodySchema>;

/** The template's values, or a new one's; the fields the other type has not are null, as the save wants them. */
export function templateFormValues(template: TemplateRecord | null, type: 0 | 1): TemplateFormValues {
  return {
    templateName: template?.templateName ?? '',
    type,
    category: template?.category ?? 'Reviews',
    subject: type === 0 ? (template?.subject ?? '') : null,
    content: template?.content ?? '',
    scene: type === 1 ? ((template?.scene as SmsScene | null) ?? 'subsequent') : null,
    includeUnsubscribe: type === 1 ? (template?.includeUnsubscribe ?? true) : false,
    description: template?.description ?? '',
    isDefault: template?.isDefault ?? false,
    // The version the editor opened: a save over a newer one is refused (someone else changed it).
    version: template?.version ?? null,
  };
}

/**
 * The domain's body schema, plus the save's refusal of unknown `{{tokens}}` (lib/templates/tokens,
 * the rule save-template.ts applies) checked before the round trip, beside the content. Its text
 * names the tokens, so the form hands in the translation (a bare message key cannot carry them).
 */
export function templateResolver(unknownTokensMessage: (tokens: string) => string) {
  return lazyZodResolver(() =>
    Promise.all([import('@/lib/templates/schema'), import('@/lib/templates/tokens')]).then(([{ templateBodySchema }, { normalizeTokens }]) =>
      templateBodySchema.superRefine((body, ctx) => {
        const unknown = [...new Set([...normalizeTokens(body.subject ?? '').unknown, ...normalizeTokens(body.content).unknown])];
        if (unknown.length) ctx.addIssue({ code: 'custom', path: ['content'], message: unknownTokensMessage(unknown.map((u) => `{{${u}}}`).join(', ')) });
      }),
    ),
  );
}
