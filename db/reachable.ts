import net from 'node:net';
import { processDatabaseUrl } from './client';

/**
 * How long a request waits on the database before asking whether PostgreSQL is reachable at all,
 * and how long that question may take. With the network to PostgreSQL black-holed, a query on an
 * open connection waits for TCP to give up (a request hung 75 s): past the wait, a fresh TCP
 * connection to the server's port settles it (refused or silent: unreachable), so the caller
 * hears 503 within about 5 s while a request that is merely slow, on a reachable server, goes on.
 */
export const DATABASE_WAIT_MS = 3_000;
export const DATABASE_PROBE_MS = 1_500;
/** A probe's answer serves the requests that ask within this time (no storm of probes). */
const PROBE_REUSE_MS = 1_000;

/** The code of the error a request gets when the database cannot be reached (lib/api/route.ts answers 503). */
export const DATABASE_UNREACHABLE = 'DATABASE_UNREACHABLE';

let lastProbe: { at: number; answer: Promise<boolean> } | null = null;

/**
 * `work`, unless the database stops answering meanwhile: then an error with code
 * DATABASE_UNREACHABLE (the work itself is left to fail on its own, later). Without a server URL
 * (PGlite, in process) there is nothing to lose touch with.
 */
export async function unlessDatabaseGone<T>(work: Promise<T>, waitMs = DATABASE_WAIT_MS): Promise<T> {
  const url = await processDatabaseUrl();
  if (!url) return work;
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const gone = new Promise<never>((_, reject) => {
    const check = async () => {
      if (settled) return;
      if (!(await databaseReachable(url))) {
        const error = Object.assign(new Error('the database cannot be reached'), { code: DATABASE_UNREACHABLE });
        return reject(error);
      }
      // Reachable: a slow request, not a lost server; asked again after another wait.
      if (!settled) timer = setTimeout(() => void check(), waitMs);
    };
    timer = setTimeout(() => void check(), waitMs);
  });
  gone.catch(() => {});
  try {
    return await Promise.race([work, gone]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/** Whether a TCP connection to the server of `url` opens within DATABASE_PROBE_MS. */
export function databaseReachable(url: string): Promise<boolean> {
  const now = Date.now();
  if (lastProbe && now - lastProbe.at < PROBE_REUSE_MS) return lastProbe.answer;
  const answer = probe(url);
  lastProbe = { at: now, answer };
  return answer;
}

function probe(url: string): Promise<boolean> {
  let host = '127.0.0.1';
  let port = 5432;
  try {
    const parsed = new URL(url);
    host = parsed.hostname || host;
    port = Number(parsed.port) || port;
  } catch {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(DATABASE_PROBE_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
