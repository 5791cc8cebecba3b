import crypto from 'node:crypto';

/**
 * The id a client receives with an answer and the log line of its failure carries
 * (./log-error.ts). 16 hex characters. randomUUID draws from a cached entropy pool;
 * randomBytes(8) asked the system each time.
 */
export function newRequestId(): string {
  const uuid = crypto.randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(14, 18);
}
