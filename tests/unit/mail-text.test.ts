import { readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { multipartField, urlencodedField } from '@/lib/inbox/inbound-request';
import { inboundMailHtml } from '@/lib/inbox/mail-html';
import { inboundMailText, mailHtmlToText } from '@/lib/inbox/mail-text';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mail', name));

describe('the text of an HTML-only mail', () => {
  it('has no title or CSS, decodes entities and keeps links readable', async () => {
    const email = await PostalMime.parse(fixture('html-only.eml'));
    expect(email.text).toBeUndefined();
    const text = inboundMailText(email);
    expect(text.startsWith('Hi team,\n\nCoffee & cake were great — see you Friday!')).toBe(true);
    expect(text).toContain('your menu [https://example.com/menu?a=1&b=2]');
    expect(text).toContain('> Thanks for visiting! <3');
    expect(text).not.toMatch(/Re: Thanks for visiting|font-family|Helvetica|&nbsp;|&amp;|&mdash;|api\/t\/o|logo\.png/);
  });

  it('prefers a plain part with words in it, and reads an empty one as absent', () => {
    expect(inboundMailText({ text: 'Plain', html: '<p>Rich</p>' })).toBe('Plain');
    expect(inboundMailText({ text: ' \r\n', html: '<p>Rich&nbsp;&amp; more</p>' })).toBe('Rich & more');
    expect(mailHtmlToText('<table><tr><td>Date</td><td>Sat</td></tr></table>')).toBe('Date\nSat');
    expect(mailHtmlToText('<a href="https://x.example/">https://x.example/</a>')).toBe('https://x.example/');
  });
});

describe('the HTML an inbound mail keeps', () => {
  it('loads nothing remote: images become their alt text, video goes, inline data images stay', () => {
    const html = inboundMailHtml('<p>Hi<img src="https://t.example/o.gif" width="1"><img src="http://cdn.example/logo.png" alt="Logo"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"></p><blockquote><img src="//t.example/p.gif"></blockquote><video src="https://v.example/a.mp4" poster="https://v.example/p.jpg"></video><a href="https://ok.example/">link</a>');
    expect(html).not.toMatch(/t\.example|cdn\.example|v\.example|<video|<source/);
    expect(html).toContain('Logo');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('href="https://ok.example/"');
  });
});

describe('inbound webhook bodies read as bytes', () => {
  const gb = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好 in GB2312: not UTF-8
  it('takes a multipart text field byte for byte, CRLF or LF', () => {
    for (const eol of ['\r\n', '\n']) {
      const body = Buffer.concat([
        Buffer.from(`--XyZ${eol}Content-Disposition: form-data; name="to"${eol}${eol}a@b${eol}--XyZ${eol}Content-Disposition: form-data; name="email"${eol}${eol}`),
        gb,
        Buffer.from(`${eol}--XyZ--${eol}`),
      ]);
      expect(multipartField(body, 'XyZ', ['email', 'raw'])).toEqual(gb);
    }
    expect(multipartField(Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--'), 'b', ['email'])).toBeNull();
  });

  it('takes an urlencoded field with its percent escapes as bytes', () => {
    expect(urlencodedField(Buffer.from('to=a%40b&email=%C4%E3%BA%C3+x'), ['email'])).toEqual(Buffer.concat([gb, Buffer.from(' x')]));
  });
});
