import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's Password Storage Cheat Sheet settings: m = 19 MiB (19456 KiB), t = 2, p = 1,
 * 16-byte random salt, 32-byte tag. Raising a number here is safe: argon2 reads the settings of
 * each stored hash from the hash itself, so old hashes still verify, and `login` re-hashes a
 * password whose stored hash is weaker than this (see `needsRehash`).
 */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2 /* Argon2id: a const enum, unusable under isolatedModules */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * True when a stored hash is not argon2id or is weaker than PASSWORD_HASH_OPTIONS (less memory,
 * fewer passes, an older version). Parsed from the PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$tag`.
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, algorithm, version, memory, time] = match;
  return algorithm !== 'argon2id' || Number(version) < 19 || Number(memory) < PASSWORD_HASH_OPTIONS.memoryCost || Number(time) < PASSWORD_HASH_OPTIONS.timeCost;
}

// Verified against when the e-mail is unknown, so a wrong address costs the same time as a
// wrong password and addresses cannot be probed by timing.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('starloop-timing-equaliser');
  return dummyHash;
}
