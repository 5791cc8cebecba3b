#!/usr/bin/env node
// `npm start`: the production server (`next start` with the arguments given). With PostgreSQL,
// WEB_CONCURRENCY=N runs N server processes that share the port through node:cluster (the
// primary hands connections out in turn): one Node process is one core, and under 50 concurrent
// list requests its queue, not the database, set the latency (bench/RESULTS.md, issue 11). The
// embedded database (PGlite) belongs to one process, so without DATABASE_URL it is always one.
import cluster from 'node:cluster';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
// The socket's address for lib/http/client-address.ts (see the file): in this process, and in
// each cluster worker through --import.
import './peer-address.mjs';

const require = createRequire(import.meta.url);

// Local evaluation (the README's `npm start`): no DATABASE_URL and listening on this machine only.
// The production checks then allow the embedded database, the demo data, a file secret and the
// outbox (lib/config/local-evaluation.ts, which also wants APP_URL unset or local). Any other
// production start without DATABASE_URL is refused.
// The last -H wins, as in next start (`npm start -- -H 0.0.0.0` adds one after the script's own).
const hostArg = process.argv.slice(2).findLast((arg, i, all) => ['-H', '--hostname'].includes(all[i - 1]));
if (!process.env.DATABASE_URL && ['127.0.0.1', 'localhost', '::1'].includes(hostArg ?? '')) process.env.LOCAL_EVALUATION ??= '1';
const nextBin = require.resolve('next/dist/bin/next');
const nextArgs = ['start', ...process.argv.slice(2)];
const wanted = Math.floor(Number(process.env.WEB_CONCURRENCY ?? 1)) || 1;
const workers = process.env.DATABASE_URL ? Math.max(1, Math.min(wanted, os.availableParallelism())) : 1;
if (cluster.isPrimary && wanted > 1 && !process.env.DATABASE_URL) console.warn('[serve] WEB_CONCURRENCY needs DATABASE_URL (the embedded database is one process\'s): starting one server process');
// How long a stopping server process may take to finish its requests (WEB_STOP_SECONDS).
const stopMs = Number(process.env.WEB_STOP_SECONDS ?? 10) * 1000;

/**
 * SIGTERM/SIGINT in a server process. Next's own server (next/dist/server/lib/start-server.js,
 * Next 16) already stops accepting connections, lets the requests in flight finish and exits
 * (143 on SIGTERM). Two things it does not do: bound the wait (one hung request would keep the
 * process forever), and stop the inline dispatcher (instrumentation.ts), whose claimed messages
 * not yet past their marker go back to the queue (lib/sending/loop.ts); Next's exit waits for
 * that, within the same bound.
 */
function stopGracefully() {
  const exit = process.exit.bind(process);
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`[serve] requests still in flight after ${stopMs / 1000} s; exiting`);
      exit(1);
    }, stopMs).unref();
    const dispatcher = globalThis.__starloopDispatcher;
    if (!dispatcher) return;
    const released = dispatcher.stop().catch((error) => console.error(`[serve] dispatcher stop: ${error?.message ?? error}`));
    process.exit = (code) => void released.finally(() => exit(code));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

if (workers === 1 || cluster.isWorker) {
  // In this process, exactly as `next start` (a cluster worker runs this file too).
  stopGracefully();
  process.argv = [process.argv[0], nextBin, ...nextArgs];
  require(nextBin);
} else {
  // Each server process runs this file, so it stops as above; the address hook is imported here.
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  console.log(`[serve] ${workers} server processes`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    // A crashed server process is replaced; the others kept serving meanwhile.
    console.error(`[serve] server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // The server processes bound their own stop; this is the backstop.
      setTimeout(() => process.exit(0), stopMs + 2_000).unref();
    });
  }
}
