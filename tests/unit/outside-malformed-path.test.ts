import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error Next.js's own matcher compiler, left out of its type declarations.
import { getMiddlewareMatchers } from 'next/dist/build/analysis/get-page-static-info';
import { getMiddlewareRouteMatcher } from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { isMalformedPath, malformedApiPathResponse, malformedPagePathResponse } from '@/lib/api/malformed-path';

/** Outside test, defect 1: a path Next.js cannot decode answers our 400 envelope, not its plain-text 500. */
describe('a path that does not percent-decode', () => {
  it('is told apart from one that does, segment by segment', () => {
    for (const path of ['/api/member/public/%ZZ', '/api/member/public/%ED%A0%80/consent', '/api/t/c/%ED%A0%80', '/api/t/o/%ZZ/x.gif', '/api/post/%C0%AF', '/api/%ZZ', '/u/%ZZ', '/p/%ED%A0%80', '/p/%', '/p/%E4%BD']) {
      expect(isMalformedPath(path), path).toBe(true);
    }
    for (const path of ['/', '/api/post/12', '/p/%E4%BD%A0', '/u/a%20b', '/p/%25ZZ', '/api/t/c/%2F']) {
      expect(isMalformedPath(path), path).toBe(false);
    }
  });

  it('answers /api with the 400 envelope in the caller’s language', async () => {
    const response = malformedApiPathResponse(new Request('http://127.0.0.1/api/%ZZ', { headers: { 'accept-language': 'en-US' } }));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ code: 400, respCode: 400, msg: 'The address is not valid: it holds a % escape that does not decode', data: null });
    expect(body.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
  });

  it('answers a page with a 404 page in the visitor’s language (cookie first), nothing to run', async () => {
    const request = new Request('http://127.0.0.1/u/%ZZ', { headers: { 'accept-language': 'en-US' } });
    const english = malformedPagePathResponse(request);
    expect(english.status).toBe(404);
    expect(english.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(english.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await english.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>Page not found</title>');
    expect(html).toContain("<h1>We can&#39;t find that page</h1>");
    expect(html).not.toContain('<script');
    expect(await malformedPagePathResponse(request, 'zh-HK').text()).toContain('<title>找不到頁面</title>');
    expect(await malformedPagePathResponse(request, 'nonsense').text()).toContain('<html lang="en-US">');
  });

  it('sends /api to the proxy only for escapes that may not decode, never ordinary or ASCII-escaped paths', async () => {
    // proxy.ts's matchers as Next.js compiles and tests them (importing the proxy would start Auth.js).
    const line = /matcher: \[(.*)\],?\n/.exec(fs.readFileSync(path.join(__dirname, '../../proxy.ts'), 'utf8'))?.[1] ?? '';
    const sources = [...line.matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(sources, {}));
    const proxied = (pathname: string) => matches(pathname, {} as never, {});
    for (const p of ['/api/%ZZ', '/api/post/%C0%AF', '/api/t/c/%ED%A0%80', '/api/t/o/%ZZ/x.gif', '/api/member/public/%', '/api/x/%E4%BD%A0', '/u/%ZZ', '/p/%ED%A0%80']) expect(proxied(p), p).toBe(true);
    for (const p of ['/api/aws/s3/post/upload', '/api/member/public/abc', '/api/a%20b', '/api', '/api/', '/_next/static/x.js']) expect(proxied(p), p).toBe(false);
  });
});
