import type { ServiceContext } from '@/lib/context';
import { notFound } from '@/lib/errors/app-error';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { draftLanguageOf, phraseReply } from '@/lib/reply-phrases';
import { REPLY_MAX_BYTES, utf8Bytes } from './schema';
import { loadReview } from './get-review';
import { aiConfigFromEnv } from '@/lib/ai/provider-config';

const LANGUAGE_NAMES = { 'zh-CN': 'Simplified Chinese (Mainland China)', 'en-US': 'English', 'zh-HK': 'Traditional Chinese as written in Hong Kong (Cantonese register)' } as const;

export interface ReplyDraft {
  text: string;
  source: 'ai' | 'library';
  language: 'zh-CN' | 'en-US' | 'zh-HK';
}

/**
 * A draft owner reply in the review's language: from the configured OpenAI-compatible model, or
 * from our phrase library when none is configured or the model fails. Only a draft: nothing is
 * posted until the merchant presses send.
 */
export async function draftReply(ctx: ServiceContext, id: number): Promise<ReplyDraft> {
  const review = await loadReview(ctx, id);
  if (!review) throw notFound('reviews.errors.notFound');
  const language = draftLanguageOf(review.language);
  const fallback: ReplyDraft = { text: phraseReply({ rating: review.rating, language, reviewerName: review.reviewerName, seed: review.id }), source: 'library', language };
  const config = aiConfigFromEnv();
  if (!config) return fallback;
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.7,
        max_tokens: 400,
        messages: [
          {
            role: 'system',
            content:
              `You write the owner's public reply to a customer review for a café or restaurant. Write in ${LANGUAGE_NAMES[language]} only. ` +
              'Be warm, specific to what the customer wrote, and brief (2-4 sentences). For a low rating apologise, say what will change and invite them to get in touch; never offer money or discounts, never argue. Answer with the reply text only.',
          },
          { role: 'user', content: `Reviewer: ${review.reviewerName}\nRating: ${review.rating} of 5 stars\nReview: ${review.comment || '(no text, rating only)'}` },
        ],
      }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`model answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    let text = body.choices?.[0]?.message?.content?.trim() ?? '';
    text = text.replace(/^["“]|["”]$/g, '').trim();
    if (!text) throw new Error('model answered no text');
    while (utf8Bytes(text) > REPLY_MAX_BYTES) text = text.slice(0, -1);
    return { text, source: 'ai', language };
  } catch (error) {
    logError(newRequestId(), error);
    return fallback;
  }
}
