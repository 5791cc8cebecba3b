import type { TemplateCategory } from '@/db/schema/templates';
import type { Locale } from '@/lib/i18n/locales';
import { escapeHtml, normalizeTokens, TEMPLATE_TOKENS } from '@/lib/templates/tokens';
import { emailButton, emailParagraph } from '@/lib/templates/email-blocks';
import { composeFromLibrary } from './phrase-library';
import { aiConfigFromEnv, type AiConfig } from './provider-config';
import { setting } from '@/lib/config/settings';

export interface DraftInput {
  category: TemplateCategory;
  /** 0 EMAIL, 1 SMS */
  type: 0 | 1;
  locale: Locale;
  merchantName?: string;
}

export interface Draft {
  subject: string | null;
  /** HTML for e-mail, plain text for SMS. */
  content: string;
  source: 'model' | 'library';
}


/**
 * A template draft for a category, channel and language: from an OpenAI-compatible
 * chat-completions endpoint when AI_BASE_URL, AI_API_KEY and AI_MODEL are set, otherwise (or
 * when the model fails) from our own phrase library, so the button always works.
 */
export async function draftTemplate(input: DraftInput, config: AiConfig | null = aiConfigFromEnv()): Promise<Draft> {
  if (config) {
    try {
      const fromModel = await askModel(config, input);
      if (fromModel) return fromModel;
    } catch (error) {
      console.warn(`[starloop] AI draft failed, using the phrase library: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const composed = composeFromLibrary(input.category, input.type, input.locale);
  return { subject: composed.subject, content: input.type === 1 ? composed.body.join(' ') : emailHtml(composed.body), source: 'library' };
}

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': 'Simplified Chinese', 'en-US': 'English', 'zh-HK': 'Traditional Chinese as written in Hong Kong' };

async function askModel(config: AiConfig, input: DraftInput): Promise<Draft | null> {
  const channel = input.type === 1 ? 'an SMS (at most 140 characters, no subject)' : 'an e-mail (a subject line and 3-5 short paragraphs)';
  const system =
    'You write short, warm, honest customer messages for small businesses. Answer only with JSON: {"subject": string|null, "paragraphs": string[]}. ' +
    `Use only these placeholders, written exactly with double braces: ${TEMPLATE_TOKENS.map((t) => `{{${t}}}`).join(', ')}. Never invent other placeholders, prices or facts.`;
  const user = `Write ${channel} in ${LANGUAGE_NAMES[input.locale]} for the purpose "${input.category}" (a review request, referral, survey or appointment reminder). ` +
    `${input.merchantName ? `The business is "${input.merchantName}". ` : ''}Greet with {{firstName}} or {{fullName}}${input.type === 1 || input.category !== 'AppointmentReminder' ? ' and include {{googleReviewLink}} where the reader should act' : ''}.`;
  const response = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
    body: JSON.stringify({ model: config.model, temperature: 0.7, messages: [{ role: 'system', content: system }, { role: 'user', content: user }] }),
    signal: AbortSignal.timeout(setting('aiTimeoutMs')),
  });
  if (!response.ok) throw new Error(`model answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const text = body.choices?.[0]?.message?.content ?? '';
  const parsed = parseJson(text);
  if (!parsed) throw new Error('model answer is not the JSON asked for');
  // Tokens the model made up are dropped rather than saved as unknown placeholders.
  const clean = (s: string) => normalizeTokens(s).text.replace(/\{\{\s*([^{}]{1,60}?)\s*\}\}/g, (m) => (normalizeTokens(m).unknown.length ? '' : m)).trim();
  const paragraphs = parsed.paragraphs.map(clean).filter(Boolean);
  if (!paragraphs.length) return null;
  return {
    subject: input.type === 1 ? null : clean(parsed.subject ?? '') || null,
    content: input.type === 1 ? paragraphs.join(' ') : emailHtml(paragraphs),
    source: 'model',
  };
}

function parseJson(text: string): { subject: string | null; paragraphs: string[] } | null {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return null;
  try {
    const value = JSON.parse(match[0]) as { subject?: unknown; paragraphs?: unknown };
    if (!Array.isArray(value.paragraphs)) return null;
    return { subject: typeof value.subject === 'string' ? value.subject : null, paragraphs: value.paragraphs.filter((p): p is string => typeof p === 'string') };
  } catch {
    return null;
  }
}

/** Paragraphs as e-mail HTML; `[[button:Label]]` becomes a review button. Text is escaped. */
function emailHtml(paragraphs: string[]): string {
  return paragraphs
    .map((para) => {
      const button = /^\[\[button:(.+)\]\]$/.exec(para);
      return button ? emailButton(escapeHtml(button[1]), '{{googleReviewLink}}') : emailParagraph(escapeHtml(para));
    })
    .join('');
}
