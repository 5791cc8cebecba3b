import { describe, expect, it } from 'vitest';
import { TokenBucket } from '@/lib/gbp/token-bucket';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { phraseReply, draftLanguageOf } from '@/lib/reply-phrases';
import { utf8Bytes } from '@/lib/reviews/schema';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';

describe('token bucket', () => {
  it('allows 300 calls a minute and then waits for a refill', async () => {
    let now = 0;
    const slept: number[] = [];
    const bucket = new TokenBucket(300, 60_000, () => now, async (ms) => {
      slept.push(ms);
      now += ms;
    });
    for (let i = 0; i < 300; i++) await bucket.take();
    expect(slept).toEqual([]);
    await bucket.take();
    expect(slept).toEqual([200]); // one token every 200 ms
    now += 60_000;
    expect(bucket.waitTime()).toBe(0);
  });
});

describe('review languages and drafts', () => {
  it('detects Simplified, Hong Kong Chinese and English', () => {
    expect(detectLanguage('拿铁很好喝，环境安静')).toBe('zh-CN');
    expect(detectLanguage('咖啡好香，坐得好舒服，下次再嚟')).toBe('zh-HK');
    expect(detectLanguage('Great coffee and friendly staff')).toBe('en-US');
    expect(detectLanguage('')).toBe('en-US');
    expect(draftLanguageOf('zh-Hant-HK')).toBe('zh-HK');
  });

  it('drafts by rating band in the review’s language, stable per review', () => {
    const good = phraseReply({ rating: 5, language: 'en-US', reviewerName: 'Emily', seed: 1 });
    expect(good).toContain('Emily');
    expect(phraseReply({ rating: 5, language: 'en-US', reviewerName: 'Emily', seed: 1 })).toBe(good);
    expect(phraseReply({ rating: 1, language: 'zh-CN', reviewerName: '王先生', seed: 2 })).toMatch(/抱歉/);
    expect(phraseReply({ rating: 2, language: 'zh-HK', reviewerName: '陳小姐', seed: 3 })).toMatch(/抱歉/);
  });

  it('counts reply bytes as UTF-8', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('好')).toBe(3);
    expect(utf8Bytes('😀')).toBe(4);
  });
});

describe('token encryption', () => {
  it('round-trips with AES-256-GCM and refuses tampering', () => {
    process.env.TOKEN_ENCRYPTION_KEY = '0'.repeat(64);
    const sealed = encryptSecret('ya29.secret-token');
    expect(sealed).not.toContain('secret');
    expect(encryptSecret('ya29.secret-token')).not.toBe(sealed);
    expect(decryptSecret(sealed)).toBe('ya29.secret-token');
    const parts = sealed.split('.');
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith('AA') ? 'BB' : 'AA');
    expect(decryptSecret(parts.join('.'))).toBeNull();
    process.env.TOKEN_ENCRYPTION_KEY = '1'.repeat(64);
    expect(decryptSecret(sealed)).toBeNull();
    delete process.env.TOKEN_ENCRYPTION_KEY;
  });
});
