#!/usr/bin/env node
// `npm start`: the production server, with `next start`'s arguments (-H, -p). It runs the
// self-contained server that `npm run build` prepares (<distDir>/standalone/server.js, see
// scripts/build-standalone.mjs) and falls back to `next start` on a build without it (a plain
// `next build`). With PostgreSQL, WEB_CONCURRENCY=N runs N server processes that share the port
// through node:cluster (the primary hands connections out in turn): one Node process is one core,
// and under 50 concurrent list requests its queue, not the database, set the latency
// (bench/RESULTS.md, issue 11). The embedded database (PGlite) belongs to one process, so without
// DATABASE_URL it is always one.
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
// The socket's address for lib/http/client-address.ts (see the file): in this process, and in
// each cluster worker through --import.
import './peer-address.mjs';
// Keep-alive connections of a stopping process close (scripts/drain-connections.mjs).
import { drainConnections } from './drain-connections.mjs';
import { announceWhenAnswering, holdReadyLine } from './announce-ready.mjs';

const require = createRequire(import.meta.url);

// Local evaluation (the README's `npm start`): no DATABASE_URL and listening on this machine only.
// The production checks then allow the embedded database, the demo data, a file secret and the
// outbox (lib/config/local-evaluation.ts, which also wants APP_URL unset or local). Any other
// production start without DATABASE_URL is refused.
// The last -H wins, as in next start (`npm start -- -H 0.0.0.0` adds one after the script's own).
const hostArg = process.argv.slice(2).findLast((arg, i, all) => ['-H', '--hostname'].includes(all[i - 1]));
if (!process.env.DATABASE_URL && ['127.0.0.1', 'localhost', '::1'].includes(hostArg ?? '')) process.env.LOCAL_EVALUATION ??= '1';
const standaloneServer = preparedStandaloneServer();
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
    drainConnections();
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
  // In this process (a cluster worker runs this file too).
  stopGracefully();
  // The held "Ready" line is for the newcomer's local evaluation only: under a supervisor its
  // polling kept a one-process server taking new connections after SIGTERM (ops-graceful-stop).
  if (workers === 1 && process.env.LOCAL_EVALUATION === '1') announceReady(process.argv.slice(2));
  if (standaloneServer) startStandalone(standaloneServer, process.argv.slice(2));
  else startNext(process.argv.slice(2));
} else {
  // Each server process runs this file, so it stops as above; the address hook is imported here.
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  console.log(`[serve] ${workers} server processes (${standaloneServer ? 'standalone build' : 'next start'})`);
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

/**
 * The standalone server of the build in use (NEXT_DIST_DIR, else .next), when `npm run build`
 * finished preparing it for this very build: a bare `next build` also writes standalone/server.js
 * but without the static files and migrations beside it, and `next start` serves that build
 * whole. WEB_SERVER=next forces `next start`.
 */
function preparedStandaloneServer() {
  if (process.env.WEB_SERVER === 'next') return undefined;
  const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
  const standalone = path.join(distDir, 'standalone');
  try {
    const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
    const prepared = fs.readFileSync(path.join(standalone, '.starloop-prepared'), 'utf8').trim();
    if (prepared === buildId) return path.join(standalone, 'server.js');
  } catch {
    // No build, or no prepared standalone server: `next start` decides what to say.
  }
  if (process.env.WEB_SERVER === 'standalone') {
    console.error(`[serve] WEB_SERVER=standalone, but ${path.relative(process.cwd(), standalone)} was not prepared for this build: run npm run build`);
    process.exit(1);
  }
  return undefined;
}

function startNext(args) {
  const nextBin = require.resolve('next/dist/bin/next');
  process.argv = [process.argv[0], nextBin, 'start', ...args];
  require(nextBin);
}

/**
 * server.js takes its address from HOSTNAME and PORT and moves into its own folder
 * (process.chdir), where db/migrations was copied. Paths the app resolves from the working
 * directory (the embedded database, uploads, the local-evaluation secret, all under .data/) are
 * pinned here to this folder first, so they stay where `next start` keeps them and survive a
 * rebuild.
 */
function startStandalone(server, args) {
  const options = serverOptions(args);
  // Never the environment's HOSTNAME (a container sets it to its own name): `next start`'s default.
  process.env.HOSTNAME = options.hostname ?? '0.0.0.0';
  process.env.PORT = options.port ?? process.env.PORT ?? '3000';
  if (options.keepAliveTimeout) process.env.KEEP_ALIVE_TIMEOUT = options.keepAliveTimeout;
  const data = path.resolve('.data');
  process.env.PGLITE_DIR = path.resolve(process.env.PGLITE_DIR || path.join(data, 'pglite'));
  process.env.UPLOAD_DIR = path.resolve(process.env.UPLOAD_DIR || path.join(data, 'uploads'));
  if (process.env.LOCAL_EVALUATION === '1' && !process.env.AUTH_SECRET) process.env.AUTH_SECRET = localSecret(path.join(data, 'auth-secret'));
  require(server);
}

/** `next start`'s options that the standalone server has an equivalent for. */
function serverOptions(args) {
  const names = { '-H': 'hostname', '--hostname': 'hostname', '-p': 'port', '--port': 'port', '--keepAliveTimeout': 'keepAliveTimeout' };
  const options = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const name = names[flag];
    if (!name) {
      console.error(`[serve] ${args[i]}: not an option of the standalone server (-H, -p, --keepAliveTimeout); WEB_SERVER=next runs next start`);
      process.exit(2);
    }
    options[name] = inline ?? args[++i];
  }
  return options;
}

/** The file secret of lib/crypto/secret.ts, at the same place and in the same form. */
function localSecret(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** "Ready" once the app answers, after a line saying what a first start prepares (scripts/announce-ready.mjs). */
function announceReady(args) {
  const value = (flags) => args.findLast((arg, i, all) => flags.includes(all[i - 1]));
  const host = value(['-H', '--hostname']) ?? '127.0.0.1';
  const port = value(['-p', '--port']) ?? process.env.PORT ?? '3000';
  const local = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const release = holdReadyLine();
  void announceWhenAnswering(`http://${local}:${port}`, { release, localEvaluation: process.env.LOCAL_EVALUATION === '1' });
}
