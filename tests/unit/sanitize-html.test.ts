import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '@/lib/sanitize/html';

// From the OWASP XSS filter-evasion cheat sheet, plus e-mail and editor specific cases.
const PAYLOADS = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<p style="width: expression(alert('XSS'));">x</p>`,
  `<p style="background-image: url(javascript:alert('XSS'))">x</p>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">`,
  `<a href="//evil.example/phish">login</a>`,
  `<a href="&#x6A;avascript:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<form action="https://evil.example"><button>Go</button></form>`,
  `<video src=x onerror=alert(1)><source onerror=alert(1)></video>`,
  `<details open ontoggle=alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<a href="javascript&colon;alert(1)">x</a>`,
  `<p class="x" id="y" data-x="1" style="color:red">classes go</p>`,
];

const ALLOWED_TAGS = new Set(['p', 'br', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'mark', 'code', 'pre', 'a', 'ul', 'ol', 'li', 'blockquote', 'hr', 'img', 'video', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);

function inspect(html: string) {
  const problems: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (!ALLOWED_TAGS.has(name)) problems.push(`tag ${name}`);
      for (const [attr, raw] of Object.entries(attribs)) {
        const value = raw.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
        if (attr.startsWith('on')) problems.push(`handler ${attr}`);
        if (['class', 'id', 'background', 'dynsrc', 'lowsrc', 'action', 'formaction', 'srcdoc', 'data'].includes(attr)) problems.push(`attribute ${attr}`);
        if (/^(javascript|vbscript|livescript):/.test(value) || value.includes('javascript:')) problems.push(`script url in ${attr}`);
        if (value.startsWith('data:') && !(name === 'img' && attr === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,/.test(value))) problems.push(`data url in ${attr}`);
        if (value.startsWith('//')) problems.push(`protocol-relative ${attr}`);
        if (attr === 'style' && /(url\(|expression|behavior|binding|\\)/.test(value)) problems.push(`style ${value}`);
      }
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return problems;
}

describe('sanitizeRichHtml against XSS payloads', () => {
  it('has at least 30 payloads', () => expect(PAYLOADS.length).toBeGreaterThanOrEqual(30));

  it.each(PAYLOADS.map((p, i) => [i + 1, p]))('payload %i is neutralised', (_i, payload) => {
    const clean = sanitizeRichHtml(payload as string);
    expect(inspect(clean)).toEqual([]);
    expect(clean.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|<meta|<base|<link|<form/);
  });
});

describe('sanitizeRichHtml keeps e-mail formatting', () => {
  it('keeps headings, formats, lists, quotes, alignment and safe inline styles', () => {
    const html = '<h2 style="text-align: center">Hi</h2><p><b>bold</b> <i>it</i> <u>u</u> <s>s</s> <span style="color: #ff0000; background-color: rgb(255, 255, 0); font-family: Georgia, serif; font-size: 24px">c</span></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote style="border-left: 4px solid #dcdfe6">q</blockquote>';
    const clean = sanitizeRichHtml(html);
    expect(clean).toContain('<h2 style="text-align:center">Hi</h2>');
    expect(clean).toContain('<b>bold</b> <i>it</i> <u>u</u> <s>s</s>');
    expect(clean).toContain('color:#ff0000;background-color:rgb(255, 255, 0);font-family:Georgia, serif;font-size:24px');
    expect(clean).toContain('<ul><li>a</li></ul><ol><li>b</li></ol>');
    expect(clean).toContain('border-left:4px solid #dcdfe6');
  });

  it('keeps token links and our own file addresses, and adds rel=noopener', () => {
    const clean = sanitizeRichHtml('<a href="{{googleReviewLink}}" target="_blank">Review</a><img src="/api/aws/s3/campaign/view?id=7" alt="logo"><video src="/api/aws/s3/campaign/view?id=8" controls width="480" height="320"></video>');
    expect(clean).toContain('<a href="{{googleReviewLink}}" target="_blank" rel="noopener noreferrer">Review</a>');
    expect(clean).toContain('<img src="/api/aws/s3/campaign/view?id=7" alt="logo" />');
    expect(clean).toContain('<video src="/api/aws/s3/campaign/view?id=8" controls width="480" height="320"></video>');
  });

  it('keeps raster data images but drops other data URLs', () => {
    expect(sanitizeRichHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain('data:image/png;base64');
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });
});
