import { describe, expect, it } from 'vitest';
import { countRemoteImages } from '@/components/posts/remote-images';

describe('images a post loads from another website (found from outside: kept silently, hot-linked)', () => {
  it('counts http, https and scheme-relative sources, not our uploads or data images', () => {
    const html = [
      '<p><img src="https://lh7-rt.googleusercontent.com/docsz/abc" alt=""></p>',
      "<img alt='x' src='http://insecure.example.com/pic.png'>",
      '<img src="//cdn.example.com/photo.jpg">',
      '<img src="/api/aws/s3/post/view?id=7" alt="ours">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<a href="https://example.com">a link is no image</a>',
    ].join('');
    expect(countRemoteImages(html)).toBe(3);
    expect(countRemoteImages('')).toBe(0);
  });
});
