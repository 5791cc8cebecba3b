import { Resolver } from 'node:dns/promises';
import { setting } from '@/lib/config/settings';

/** What a DNS question answered: records, a definite "no such record", or no usable answer. */
export type Lookup<T> = { kind: 'found'; records: T[] } | { kind: 'none' } | { kind: 'error'; code: string };

/** Answers that mean "the name or the record does not exist": a definite answer, not a failure. */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * A resolver for one check: the configured servers (DELIVERABILITY_DNS_SERVERS) or the system's,
 * one try each with the configured timeout, so a mute server costs seconds, not the c-ares
 * default of four tries with back-off.
 */
export function deliverabilityResolver(): Resolver {
  const resolver = new Resolver({ timeout: setting('deliverabilityDnsTimeoutMs'), tries: 1 });
  const servers = setting('deliverabilityDnsServers');
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** TXT records of a name, each record's strings joined (a DKIM key spans several 255-byte strings). */
export async function lookupTxt(resolver: Resolver, name: string): Promise<Lookup<string>> {
  return settle(async () => (await resolver.resolveTxt(name)).map((parts) => parts.join('')));
}

export async function lookupMx(resolver: Resolver, name: string): Promise<Lookup<{ exchange: string; priority: number }>> {
  return settle(() => resolver.resolveMx(name));
}

async function settle<T>(ask: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    const records = await ask();
    return records.length ? { kind: 'found', records } : { kind: 'none' };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? 'EUNKNOWN');
    return ABSENT.has(code) ? { kind: 'none' } : { kind: 'error', code };
  }
}
