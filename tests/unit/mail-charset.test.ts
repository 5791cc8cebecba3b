import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { cjkEncoding, joinEncodedWords, utf8EncodedWords, utf8ExtendedParams } from '@/lib/inbox/mail-charset';
import { joinSplitEncodedWords, transcodeCjkMail } from '@/lib/inbox/mail-transcode';
import { inboundMailText } from '@/lib/inbox/mail-text';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mail', name));
const parse = async (raw: Uint8Array) => PostalMime.parse(transcodeCjkMail(raw));
const CANTONESE = '我哋嘅訂位改咗去星期六，啲朋友會喺門口等';

describe('charset labels', () => {
  it('reads every GB label as GB18030 and every Big5 label as Big5-HKSCS', () => {
    for (const label of ['gb2312', 'GB2312', '"gbk"', 'x-gbk', 'GB18030', 'cp936', 'csGB2312', 'EUC-CN']) expect(cjkEncoding(label)).toBe('gb18030');
    for (const label of ['big5', 'Big5-HKSCS', 'x-x-big5', 'cn-big5', 'cp950', 'windows-950']) expect(cjkEncoding(label)).toBe('big5hkscs');
    for (const label of ['utf-8', 'iso-8859-1', 'shift_jis', '', null]) expect(cjkEncoding(label)).toBeNull();
  });

  it('rewrites Big5-HKSCS and GB encoded words as UTF-8 ones, joining a character split across two words', () => {
    const bytes = iconv.encode('我哋嘅', 'big5hkscs');
    const split = `Subject: =?big5-hkscs?B?${bytes.subarray(0, 3).toString('base64')}?= =?big5-hkscs?B?${bytes.subarray(3).toString('base64')}?= =?utf-8?Q?ok?=`;
    const out = utf8EncodedWords(split);
    expect(out).not.toMatch(/big5/i);
    expect(Buffer.from(/=\?UTF-8\?B\?([^?]+)\?=/.exec(out)?.[1] ?? '', 'base64').toString('utf8')).toBe('我哋嘅');
    expect(out).toContain('=?utf-8?Q?ok?=');
    expect(utf8EncodedWords('Subject: plain')).toBe('Subject: plain');
  });

  it('rewrites RFC 2231 parameters, continuations included, as one UTF-8 parameter', () => {
    const pct = (s: string) => [...iconv.encode(s, 'gbk')].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    const header = `Content-Disposition: attachment; filename*0*=gb2312''${pct('订位')}; filename*1*=${pct('确认.txt')}`;
    expect(utf8ExtendedParams(header)).toBe(`Content-Disposition: attachment; filename*=utf-8''${encodeURIComponent('订位确认.txt')}`);
  });
});

describe('mail in Chinese charsets, as clients write it', () => {
  it('decodes a Thunderbird Big5-HKSCS mail with its Cantonese characters, subject and attachment name', async () => {
    const raw = fixture('thunderbird-big5-hkscs.eml');
    const plain = await PostalMime.parse(raw);
    expect(plain.text).not.toContain('哋'); // what the WHATWG decoder alone gives
    const email = await parse(raw);
    expect(email.text).toContain(CANTONESE);
    expect(email.subject).toBe('我哋改咗時間');
    expect(email.from?.name).toBe('阿明');
    expect(email.attachments.map((a) => a.filename)).toEqual(['訂位.txt']);
  });

  it('decodes GB2312-labelled Foxmail mail as GB18030 (an emoji is four GB18030 bytes)', async () => {
    const email = await parse(fixture('foxmail-gbk.eml'));
    expect(email.text).toContain('豆子很香！下次还来😊');
    expect(email.html).toContain('下次还来😊');
    expect(email.subject).toBe('回复: 感谢您的光临！');
    expect(`${email.text}${email.html}`).not.toMatch(/\uFFFD|锟斤拷/);
  });

  it('decodes an 8-bit GB2312 mail whose Subject is raw GB2312 bytes', async () => {
    const email = await parse(fixture('plain-8bit-gb2312.eml'));
    expect(email.subject).toBe('订位确认 喆');
    expect(email.text).toContain('您好，我想把周六的订位改到晚上七点，四位。');
  });

  it('passes a message in no Chinese charset byte for byte', () => {
    const raw = fixture('gmail-utf8-reply.eml');
    expect(transcodeCjkMail(raw)).toBe(raw);
  });

  it('reads Outlook Word HTML without its CSS, conditional comments or <o:p>', async () => {
    const email = await parse(fixture('outlook-gb2312.eml'));
    const text = inboundMailText({ html: email.html });
    expect(text).toContain('上周六的服务很好，陈喆已经在大众点评留了五星评价。');
    expect(text).not.toMatch(/font-family|MsoNormal|mso|shapedefaults|WordSection|o:p|&nbsp;|api\/t\/o/);
  });

  it('keeps any text in GB18030 or Big5-HKSCS whole, in a body and in a subject (property)', async () => {
    const gbChars = [...'你好世界订位确认喆镕𠮷😊€ABC abc123，。！'];
    const hkChars = [...'我哋嘅咗啲喺嘢冇乜嘢你好訂位 abc，。'];
    const text = (pool: string[]) => fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 60 }).map((a) => a.join('').trim() || 'x');
    const mail = fc.oneof(
      fc.record({ label: fc.constantFrom('gb2312', 'GBK', 'gb18030'), encoding: fc.constant('gb18030'), subject: text(gbChars), body: text(gbChars) }),
      fc.record({ label: fc.constantFrom('big5', 'Big5-HKSCS'), encoding: fc.constant('big5hkscs'), subject: text(hkChars), body: text(hkChars) }),
    );
    await fc.assert(
      fc.asyncProperty(mail, fc.constantFrom('base64', 'quoted-printable', '8bit'), async ({ label, encoding, subject, body }, cte) => {
        const bytes = iconv.encode(body, encoding);
        const encodedBody = cte === 'base64' ? bytes.toString('base64') : cte === 'quoted-printable' ? [...bytes].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join('') : bytes.toString('latin1');
        const raw = Buffer.from(
          `From: a@example.com\r\nSubject: =?${label}?B?${iconv.encode(subject, encoding).toString('base64')}?=\r\nContent-Type: text/plain; charset=${label}\r\nContent-Transfer-Encoding: ${cte}\r\n\r\n${encodedBody}\r\n`,
          'latin1',
        );
        const email = await parse(raw);
        expect(email.subject).toBe(subject);
        expect(email.text?.trim()).toBe(body.trim());
      }),
      { numRuns: 60 },
    );
  });

  it('never throws and never loses a message, whatever the bytes (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('\r\n', '\n', '\r\n\r\n', '--b\r\n', '--b--\r\n', 'Content-Type: multipart/mixed; boundary=b\r\n', 'Content-Type: text/plain; charset=gb2312\r\n', 'Content-Type: text/html; charset=big5\r\n', 'Content-Transfer-Encoding: base64\r\n', 'Content-Transfer-Encoding: quoted-printable\r\n', 'Content-Type: message/rfc822\r\n', 'Subject: =?gbk?B?', '?=', '=?big5?Q?=A7=DA?= ', "filename*0*=gbk''%C4", '; name*=big5\'\'%A7%DA'),
      fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const raw = Buffer.from(pieces.join(''), 'latin1');
        const out = transcodeCjkMail(raw);
        expect(out).toBeInstanceOf(Uint8Array);
      }),
      { numRuns: 500 },
    );
  });
});

describe('joinEncodedWords: a character split across adjacent encoded words', () => {
  const decoded = async (header: string) => (await PostalMime.parse(joinSplitEncodedWords(Buffer.from(`${header}\r\nFrom: a@example.com\r\n\r\nx\r\n`, 'latin1')))).subject;

  it('joins same-charset, same-encoding words into one word of their bytes, folded or not', async () => {
    expect(joinEncodedWords('Subject: =?utf-8?B?5L0=?= =?utf-8?B?oOWlvQ==?=')).toBe(`Subject: =?utf-8?B?${Buffer.from('你好').toString('base64')}?=`);
    expect(await decoded('Subject: =?utf-8?B?5L0=?= =?utf-8?B?oOWlvQ==?=')).toBe('你好');
    expect(await decoded('Subject: =?UTF-8?Q?=E4=BD?=\r\n =?UTF-8?Q?=A0=E5=A5=BD?=')).toBe('你好');
    expect(await decoded('Subject: Re: =?utf-8?B?5L0=?= =?utf-8?B?oA==?= and =?utf-8?Q?caf=C3=A9?=')).toBe('Re: 你 and café');
  });

  it('leaves words of different charsets or encodings, lone words and other headers as they are', () => {
    const mixed = 'Subject: =?utf-8?B?5L2g?= =?iso-8859-1?Q?caf=E9?=';
    expect(joinEncodedWords(mixed)).toBe(mixed);
    expect(joinEncodedWords('Subject: =?utf-8?B?5L2g?=')).toBe('Subject: =?utf-8?B?5L2g?=');
    const raw = Buffer.from('Subject: =?utf-8?B?5L2g?=\r\nX-A: =?utf-8?B?5L0=?=\r\nX-B: =?utf-8?B?oA==?=\r\n\r\n=?utf-8?B?5L0=?= =?utf-8?B?oA==?=\r\n', 'latin1');
    // Two headers are never joined, nor is the body touched.
    expect(Buffer.from(joinSplitEncodedWords(raw)).toString('latin1')).toBe(raw.toString('latin1'));
  });

  it('decodes any UTF-8 text split at any byte across two words as the text itself', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 2, maxLength: 12 }), fc.nat(), fc.constantFrom('B', 'Q'), async (text, at, kind) => {
        const bytes = Buffer.from(text, 'utf8');
        const cut = 1 + (at % (bytes.length - 1));
        const word = (b: Buffer) => (kind === 'B' ? `=?utf-8?B?${b.toString('base64')}?=` : `=?utf-8?Q?${[...b].map((c) => `=${c.toString(16).toUpperCase().padStart(2, '0')}`).join('')}?=`);
        expect(await decoded(`Subject: ${word(bytes.subarray(0, cut))} ${word(bytes.subarray(cut))}`)).toBe(text.trim() === text ? text : (await decoded(`Subject: ${word(bytes)}`)));
      }),
      { numRuns: 200 },
    );
  });
});
