const TOKEN_BYTES = 24;
// Random bytes are drawn 2,048 tokens at a time (within getRandomValues' 65,536-byte limit): an
// import of 40,000 rows otherwise spends a quarter of a second on 40,000 separate draws.
const POOL_TOKENS = 2048;
let pool = new Uint8Array(0);
let next = 0;

/**
 * 24 random bytes, URL-safe (32 characters): the key of a contact's public opt-in/opt-out page.
 * Web Crypto, so the module stays importable from client bundles too.
 */
export function newOptToken(): string {
  if (next + TOKEN_BYTES > pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(TOKEN_BYTES * POOL_TOKENS));
    next = 0;
  }
  const bytes = pool.subarray(next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return Buffer.from(bytes.buffer, bytes.byteOffset, TOKEN_BYTES).toString('base64url');
}
