import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { dkimKeys } from '@/db/schema/deliverability';
import { purposeKey } from '@/lib/crypto/secret';
import { openWith, sealWith } from '@/lib/crypto/secret-box';
import { DKIM_KEY_BITS } from './limits';

export interface DkimKeyRecord {
  id: number;
  domain: string;
  selector: string;
  publicKey: string;
  createdAt: string;
}

/** What nodemailer's `dkim` option takes to sign one message. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The merchant's active key for a domain, made on first use. */
export async function ensureDkimKey(db: Db, merchantId: number, domain: string, now: Date): Promise<DkimKeyRecord> {
  return (await activeKey(db, merchantId, domain)) ?? insertKey(db, await newKeyValues(merchantId, domain, now));
}

/**
 * A new key under a new selector; the old one is retired in the same transaction. Mail signed
 * with the old key verifies as long as its record stays published, so the merchant removes it
 * only after adding the new one (the profile says so).
 */
export async function rotateDkimKey(db: Db, merchantId: number, domain: string, now: Date): Promise<DkimKeyRecord> {
  // Made before the transaction: no row stays locked while the key is generated.
  const values = await newKeyValues(merchantId, domain, now);
  return db.transaction(async (tx) => {
    await tx.update(dkimKeys).set({ retiredAt: now }).where(and(eq(dkimKeys.merchantId, merchantId), eq(dkimKeys.domain, domain), isNull(dkimKeys.retiredAt)));
    return insertKey(tx, values);
  });
}

/** The signing options for mail sent as the domain, or null when the merchant has no key for it. */
export async function dkimSigningFor(db: Db, merchantId: number, domain: string): Promise<DkimSigning | null> {
  const [row] = await db
    .select({ selector: dkimKeys.selector, sealed: dkimKeys.privateKeySealed })
    .from(dkimKeys)
    .where(and(eq(dkimKeys.merchantId, merchantId), eq(dkimKeys.domain, domain), isNull(dkimKeys.retiredAt)))
    .orderBy(desc(dkimKeys.id))
    .limit(1);
  const privateKey = row ? openWith(purposeKey('dkim-keys'), row.sealed) : null;
  return row && privateKey ? { domainName: domain, keySelector: row.selector, privateKey } : null;
}

async function activeKey(db: Db, merchantId: number, domain: string): Promise<DkimKeyRecord | null> {
  const [row] = await db
    .select()
    .from(dkimKeys)
    .where(and(eq(dkimKeys.merchantId, merchantId), eq(dkimKeys.domain, domain), isNull(dkimKeys.retiredAt)))
    .orderBy(desc(dkimKeys.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

async function newKeyValues(merchantId: number, domain: string, now: Date): Promise<typeof dkimKeys.$inferInsert> {
  // Off the event loop: a 2048-bit RSA key takes a CPU for a good fraction of a second.
  const { privateKey, publicKey } = await generateRsaKeyPair(DKIM_KEY_BITS);
  return {
    merchantId,
    domain,
    selector: selectorFor(now),
    privateKeySealed: sealWith(purposeKey('dkim-keys'), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    createdAt: now,
  };
}

async function insertKey(db: Db, values: typeof dkimKeys.$inferInsert): Promise<DkimKeyRecord> {
  const [row] = await db.insert(dkimKeys).values(values).onConflictDoNothing().returning();
  if (row) return toRecord(row);
  // Two keys made in the same second for one domain: the other one won and is the active key.
  const existing = await activeKey(db, values.merchantId, values.domain);
  if (!existing) throw new Error('dkim key neither created nor found');
  return existing;
}

const generateRsaKeyPair = (modulusLength: number) => promisify(crypto.generateKeyPair)('rsa', { modulusLength });

/**
 * `sl` and the creation time to the second: a new selector at each rotation, sortable, and
 * unlikely to clash with a selector the merchant's own mail service uses.
 */
function selectorFor(now: Date): string {
  return `sl${now.toISOString().replace(/\D/g, '').slice(0, 14)}`;
}

function toRecord(row: typeof dkimKeys.$inferSelect): DkimKeyRecord {
  return { id: row.id, domain: row.domain, selector: row.selector, publicKey: row.publicKey, createdAt: row.createdAt.toISOString() };
}
