/**
 * The language of a review's text, as one of our three locales: Google's v4 reviews carry no
 * language field. Cantonese particles or Traditional-only characters mean zh-HK.
 */
const CJK = /[\u3400-\u9fff]/g;
const CANTONESE_OR_TRADITIONAL = /[嘅咗唔喺哋冇係嚟俾啲咁囉嘢乜點樣們這個會說讓還嗎對為過與].?/;

export function detectLanguage(text: string | null | undefined): 'zh-CN' | 'zh-HK' | 'en-US' {
  const value = (text ?? '').replace(/\(Translated by Google\)[\s\S]*$/i, '');
  const cjk = value.match(CJK)?.length ?? 0;
  const latin = value.match(/[A-Za-z]/g)?.length ?? 0;
  if (cjk === 0 || cjk * 2 < latin / 3) return 'en-US';
  return CANTONESE_OR_TRADITIONAL.test(value) ? 'zh-HK' : 'zh-CN';
}
