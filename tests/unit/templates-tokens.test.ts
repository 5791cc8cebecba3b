import { describe, expect, it } from 'vitest';
import { normalizeTokens, renderTokens, tokensIn } from '@/lib/templates/tokens';

describe('normalizeTokens', () => {
  it.each([
    ['{{名字}}', '{{firstName}}'],
    ['{{first_name}}', '{{firstName}}'],
    ['{{FirstName}}', '{{firstName}}'],
    ['{{ FIRST NAME }}', '{{firstName}}'],
    ['{{姓氏}}', '{{lastName}}'],
    ['{{last_name}}', '{{lastName}}'],
    ['{{姓名}}', '{{fullName}}'],
    ['{{full-name}}', '{{fullName}}'],
    ['{{訂閱連結}}', '{{optinLink}}'],
    ['{{opt_in_link}}', '{{optinLink}}'],
    ['{{退订链接}}', '{{optoutLink}}'],
    ['{{unsubscribeLink}}', '{{optoutLink}}'],
    ['{{评价链接}}', '{{googleReviewLink}}'],
    ['{{reviewLink}}', '{{googleReviewLink}}'],
    ['{{google_review_link}}', '{{googleReviewLink}}'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeTokens(`Hi ${input}!`)).toEqual({ text: `Hi ${expected}!`, unknown: [] });
  });

  it('keeps canonical tokens and reports each unknown one once', () => {
    const result = normalizeTokens('{{firstName}} {{coupon}} {{ coupon }} {{会员等级}}');
    expect(result.text).toBe('{{firstName}} {{coupon}} {{ coupon }} {{会员等级}}');
    expect(result.unknown).toEqual(['coupon', '会员等级']);
  });

  it('reads a token split by formatting tags', () => {
    expect(normalizeTokens('<p>{{<b>first</b>_name}}</p>').text).toBe('<p>{{firstName}}</p>');
  });

  it('leaves single braces and CSS alone', () => {
    const text = 'a { color: red } {x} {{}}';
    expect(normalizeTokens(text)).toEqual({ text, unknown: [] });
  });

  it('lists the tokens used', () => {
    expect(tokensIn('{{名字}} {{optoutLink}} {{first_name}}')).toEqual(['firstName', 'optoutLink']);
  });
});

describe('renderTokens', () => {
  const values = { firstName: '小明', lastName: '王', fullName: '王小明', googleReviewLink: 'https://g.page/r/x?a=1&b=2' };

  it('replaces tokens and aliases with values', () => {
    expect(renderTokens('{{fullName}}，{{名字}}: {{reviewLink}}', values)).toBe('王小明，小明: https://g.page/r/x?a=1&b=2');
  });

  it('escapes values in HTML mode', () => {
    expect(renderTokens('<a href="{{googleReviewLink}}">{{firstName}}</a>', { ...values, firstName: '<script>alert(1)</script>' }, { html: true })).toBe(
      '<a href="https://g.page/r/x?a=1&amp;b=2">&lt;script&gt;alert(1)&lt;/script&gt;</a>',
    );
  });

  it('does not escape in text mode, empties known tokens without values, keeps unknown ones', () => {
    expect(renderTokens('{{firstName}} & {{optinLink}} {{coupon}}', { firstName: 'A&B' })).toBe('A&B &  {{coupon}}');
  });

  it('escapes quotes so a value cannot leave an attribute', () => {
    expect(renderTokens('<a title="{{firstName}}">', { firstName: '" onmouseover="x' }, { html: true })).toBe('<a title="&quot; onmouseover=&quot;x">');
  });
});
