import crypto from 'node:crypto';
import { MAX_MESSAGE_ID_LENGTH } from './limits';

/**
 * The Message-IDs of a Message-ID, In-Reply-To or References header, in the order written, each
 * as `<id>`. Clients write several in In-Reply-To, add comments ("(from postmaster)"), leave out
 * the angle brackets or the space between two ids (`<a@x><b@y>`): the `<...>` tokens are taken,
 * else the words with an '@'. An id longer than a header line is kept as its digest
 * (storedMessageId), the same for storing and for looking up.
 */
export function messageIds(header: string | null | undefined): string[] {
  if (!header) return [];
  const bracketed = [...header.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]);
  const ids = bracketed.length ? bracketed : withoutComments(header).split(/[\s,<>]+/).filter((word) => word.includes('@'));
  return ids.map((id) => storedMessageId(`<${id}>`));
}

/** The id as stored and looked up: itself, or past MAX_MESSAGE_ID_LENGTH a digest of it. */
export function storedMessageId(id: string): string {
  if (id.length <= MAX_MESSAGE_ID_LENGTH) return id;
  return `<sha256.${crypto.createHash('sha256').update(id).digest('hex')}@digest.invalid>`;
}

// RFC 5322 comments nest; a few rounds take out what real headers carry.
function withoutComments(header: string): string {
  let text = header;
  for (let round = 0; round < 4 && text.includes('('); round++) text = text.replace(/\([^()]*\)/g, ' ');
  return text;
}
