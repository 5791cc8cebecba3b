import { randomInt } from 'node:crypto';
import { absoluteUrl } from '@/lib/app-url';
import { CODE_ALPHABET, CODE_LENGTH } from './limits';

/** A fresh random code (crypto-strong: the code is the only key of the public link). */
export function newReviewCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Whether a path segment can be a code at all (anything else is unknown without a query). */
export function isReviewCodeShape(value: string): boolean {
  return value.length === CODE_LENGTH && [...value].every((c) => CODE_ALPHABET.includes(c));
}

/** The printed link: short, on APP_URL. */
export function reviewLinkUrl(code: string): string {
  return absoluteUrl(`/r/${code}`);
}
