/** The longest subject an inbox reply takes (the form, the action and the route share it). */
export const MAX_REPLY_SUBJECT_LENGTH = 200;

/**
 * The subject an e-mail reply starts with: "Re: " and the subject of the message answered, never
 * "Re: Re:" (any "Re:" / "RE:" / "回复:" prefix already there is kept once). Without a subject to
 * answer, the merchant's name. Line breaks are folded to spaces so the header stays one line.
 */
export function replySubject(answered: string | null | undefined, fallback: string): string {
  const subject = (answered ?? '').replace(/[\r\n]+/g, ' ').trim();
  if (!subject) return fallback.replace(/[\r\n]+/g, ' ').trim().slice(0, MAX_REPLY_SUBJECT_LENGTH);
  const reply = /^(re|aw|sv|回复|回覆|答复)\s*[:：]/i.test(subject) ? subject : `Re: ${subject}`;
  return reply.slice(0, MAX_REPLY_SUBJECT_LENGTH);
}
