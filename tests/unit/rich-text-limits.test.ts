import { describe, expect, it } from 'vitest';
import { POST_BODY_MAX, POST_REQUEST_MAX_BYTES, POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import { postInputSchema } from '@/lib/posts/schema';
import nextConfig from '@/next.config';

// The server action's body: its arguments as JSON (React's encodeReply), UTF-8.
const requestBytes = (body: string) =>
  Buffer.byteLength(JSON.stringify([{ id: 2_147_483_647, title: '标'.repeat(POST_TITLE_MAX), summary: '\u0001'.repeat(POST_SUMMARY_MAX), coverFileId: '2147483647', body, locale: 'zh-HK', intent: 'publish' }]));

// A Chinese character takes 3 bytes, an emoji 4 for its two UTF-16 units, a control character 6 in JSON.
const LARGEST_VALID_BODIES = { chinese: '中'.repeat(POST_BODY_MAX), emoji: '😀'.repeat(POST_BODY_MAX / 2), control: '\u0001'.repeat(POST_BODY_MAX), quotes: '"'.repeat(POST_BODY_MAX) };

describe('post request size (issue: a 387,590-character Chinese post failed to save with a 500)', () => {
  it.each(Object.entries(LARGEST_VALID_BODIES))('a valid %s body at the limit fits the request limit', (_name, body) => {
    expect(postInputSchema.safeParse({ title: 't', body, locale: 'zh-CN' }).success).toBe(true);
    expect(requestBytes(body)).toBeLessThanOrEqual(POST_REQUEST_MAX_BYTES);
  });

  it('the server action and the proxy in front of it read that much', () => {
    const experimental = nextConfig.experimental as { serverActions?: { bodySizeLimit?: unknown }; proxyClientMaxBodySize?: unknown };
    expect(experimental.serverActions?.bodySizeLimit).toBe(POST_REQUEST_MAX_BYTES);
    expect(experimental.proxyClientMaxBodySize).toBe(POST_REQUEST_MAX_BYTES);
  });

  it('a longer body is refused by the schema as too long (the form shows it beside the body)', () => {
    const result = postInputSchema.safeParse({ title: 't', body: '中'.repeat(POST_BODY_MAX + 1), locale: 'zh-CN' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['body'], message: 'validation.tooLong' });
  });
});
