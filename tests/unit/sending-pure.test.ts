import { describe, expect, it } from 'vitest';
import { parseOptKeyword } from '@/lib/inbox/opt-keywords';
import { withUnsubscribeText } from '@/lib/sending/sms-unsubscribe';
import { addTracking, clickUrl, openPixelUrl, verifyClick, verifyOpen } from '@/lib/sending/tracking';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { renderTokens } from '@/lib/templates/tokens';
import { isValidTwilioSignature, twilioSignature } from '@/lib/sending/twilio-signature';

process.env.AUTH_SECRET ??= 'unit-test-secret-unit-test-secret-0123456789';

describe('SMS opt keywords', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE', 'TD', 'td', '退订', '退訂', '取消', 'ＳＴＯＰ', '取消！'])('%s opts out', (body) => {
    expect(parseOptKeyword(body)).toBe('optout');
  });
  it.each(['START', 'start', 'Unstop'])('%s opts in', (body) => {
    expect(parseOptKeyword(body)).toBe('optin');
  });
  it.each(['stop by tomorrow?', 'Thanks!', '', null, '请不要取消我的预约'])('%s is just a message', (body) => {
    expect(parseOptKeyword(body)).toBeNull();
  });
});

describe('SMS unsubscribe text', () => {
  it('appends the member language text once', () => {
    expect(withUnsubscribeText('Thanks for visiting!', 'en-US')).toBe('Thanks for visiting! Reply STOP to opt out');
    expect(withUnsubscribeText('感谢光临！', 'zh-CN')).toBe('感谢光临！回复TD退订');
    expect(withUnsubscribeText('多謝光臨！', 'zh-HK')).toBe('多謝光臨！回覆TD取消訂閱');
    expect(withUnsubscribeText('感谢光临！回复TD退订', 'zh-CN')).toBe('感谢光临！回复TD退订');
    // A link at the end keeps a space, so the text is not read as part of it.
    expect(withUnsubscribeText('评价链接：https://g.page/r/x', 'zh-CN')).toBe('评价链接：https://g.page/r/x 回复TD退订');
  });
});

describe('tracking links', () => {
  const base = 'https://app.example';
  it('signs open pixels per delivery', () => {
    const url = openPixelUrl(base, 42);
    const signature = url.split('/').pop() ?? '';
    expect(verifyOpen(42, signature)).toBe(true);
    expect(verifyOpen(43, signature)).toBe(false);
  });

  it('redirects only to the signed target (no open redirect)', () => {
    const url = new URL(clickUrl(base, 7, 'https://g.page/r/abc/review'));
    const u = url.searchParams.get('u') ?? '';
    const s = url.searchParams.get('s') ?? '';
    expect(verifyClick(7, u, s)).toBe('https://g.page/r/abc/review');
    expect(verifyClick(8, u, s)).toBeNull();
    expect(verifyClick(7, Buffer.from('https://evil.example').toString('base64url'), s)).toBeNull();
    expect(verifyClick(7, Buffer.from('javascript:alert(1)').toString('base64url'), s)).toBeNull();
  });

  it('rewrites links but leaves the opt-out link direct, and adds the pixel', () => {
    const html = '<p><a href="https://g.page/r/abc/review?x=1&amp;y=2">Review</a> <a href="https://app.example/u/tok?action=optout">Unsubscribe</a> <a href="mailto:a@b.c">Mail</a></p>';
    const out = addTracking(html, base, 5, ['https://app.example/u/tok?action=optout']);
    expect(out).toContain('href="https://app.example/api/t/c/5?u=');
    expect(out).toContain('href="https://app.example/u/tok?action=optout"');
    expect(out).toContain('href="mailto:a@b.c"');
    expect(out).toContain('/api/t/o/5/');
    const encoded = /\/api\/t\/c\/5\?u=([^&]+)&amp;s=([^"]+)"/.exec(out);
    expect(encoded && verifyClick(5, encoded[1], encoded[2])).toBe('https://g.page/r/abc/review?x=1&y=2');
  });

  // Found from outside: names went into link addresses HTML-escaped, not URL-encoded.
  it.each([
    ['A&b=2#x', "O'Neil", 'https://example.com/r?n=A%26b%3D2%23x&l=O\'Neil'],
    ['"Quote\'', 'Line\r\nBreak', 'https://example.com/r?n=%22Quote\'&l=Line%0D%0ABreak'],
    ['{{lastName}}', '<b>', 'https://example.com/r?n=%7B%7BlastName%7D%7D&l=%3Cb%3E'],
    ['王小明', 'Zoë', 'https://example.com/r?n=%E7%8E%8B%E5%B0%8F%E6%98%8E&l=Zo%C3%AB'],
  ])('a link built from names %j %j reaches its target as typed', (firstName, lastName, expected) => {
    const template = '<p>Hi {{firstName}}, <a href="https://example.com/r?n={{firstName}}&amp;l={{lastName}}">go</a> or <a href=\'{{googleReviewLink}}\'>review</a></p>';
    const html = renderTokens(template, { firstName, lastName, googleReviewLink: 'https://g.page/r/abc/review?x=1&y=2' }, { html: true });
    expect(html).not.toContain('<b>');
    const out = addTracking(html, base, 9);
    const [first, second] = [...out.matchAll(/\/api\/t\/c\/9\?u=([^&]+)&amp;s=([^"]+)"/g)];
    expect(verifyClick(9, first[1], first[2])).toBe(expected);
    // A token that is the whole address (a review or opt-out link) goes in as it is.
    expect(verifyClick(9, second[1], second[2])).toBe('https://g.page/r/abc/review?x=1&y=2');
  });
});

describe('rate limiter', () => {
  it('lets through at most N a second after the first burst', async () => {
    let now = 0;
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const limiter = createRateLimiter(10, clock);
    for (let i = 0; i < 30; i++) await limiter.take();
    // 10 at once (the burst), then 20 more at 10/s: two seconds.
    expect(now).toBeGreaterThanOrEqual(2000);
    expect(now).toBeLessThan(2200);
  });
});

describe('Twilio request signature', () => {
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
  it('matches the vector of Twilio request-validation docs', () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isValidTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });
  it('refuses a tampered parameter, another URL, or no signature', () => {
    expect(isValidTwilioSignature('12345', url, { ...params, Digits: '9' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isValidTwilioSignature('12345', `${url}3`, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, null)).toBe(false);
  });
});

describe('absolute URLs in e-mail', () => {
  it('turns saved /api paths into absolute addresses, leaving full and protocol-relative ones', async () => {
    const { absoluteUrls } = await import('@/lib/sending/render-message');
    const html = '<img src="/api/aws/s3/campaign/view?id=3"><a href=\'/p/9\'>post</a><a href="https://g.page/x">g</a><img src="//cdn.example/x.png">';
    expect(absoluteUrls(html, 'https://app.example/')).toBe('<img src="https://app.example/api/aws/s3/campaign/view?id=3"><a href=\'https://app.example/p/9\'>post</a><a href="https://g.page/x">g</a><img src="//cdn.example/x.png">');
  });
});
