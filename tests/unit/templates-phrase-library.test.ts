import { describe, expect, it } from 'vitest';
import { composeFromLibrary, PHRASES } from '@/lib/ai/phrase-library';
import { htmlToText } from '@/lib/templates/html-text';
import { normalizeTokens } from '@/lib/templates/tokens';

describe('phrase library', () => {
  it('uses only known parameters, in every category and language', () => {
    for (const byLocale of Object.values(PHRASES)) {
      for (const phrases of Object.values(byLocale)) {
        const all = [...phrases.subjects, ...phrases.openings, ...phrases.bodies, ...phrases.asks, ...phrases.closings, ...phrases.sms].join(' ');
        expect(normalizeTokens(all).unknown).toEqual([]);
      }
    }
  });

  it('composes an e-mail with subject, greeting, body, button and closing; an SMS as one line', () => {
    const first = () => 0;
    const email = composeFromLibrary('Reviews', 0, 'en-US', first);
    expect(email.subject).toBe('Thanks for visiting, {{firstName}}: how did we do?');
    expect(email.body[0]).toBe('Hi {{firstName}},');
    expect(email.body).toContain('[[button:Write a review]]');
    const sms = composeFromLibrary('AppointmentReminder', 1, 'zh-HK', first);
    expect(sms.subject).toBeNull();
    expect(sms.body).toHaveLength(1);
    expect(sms.body[0]).toContain('預約');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, list items and link addresses', () => {
    expect(htmlToText('<h2>Hi</h2><p>Read <a href="{{googleReviewLink}}">here</a> &amp; more</p><ul><li>a</li></ul><p><a href="https://x.y">🔗</a></p>')).toBe('Hi\nRead here ({{googleReviewLink}}) & more\n• a\nhttps://x.y');
  });
});
