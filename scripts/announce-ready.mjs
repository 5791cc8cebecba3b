// What `npm start` says while it starts. Next prints "Ready" as soon as it listens, but a first
// start still applies the migrations and seeds the demo data before the first page can answer
// (57 s on a busy 2-core machine, with nothing said meanwhile). So Next's "Ready" line is held
// back, one line says what is being prepared, and "Ready" appears once GET /api/ready answers 200
// and the sign-in page has rendered once.

const READY_LINE = /\bReady in\b/;
const POLL_MS = 500;

/**
 * Holds back the lines written with `log` that announce Next's readiness, until the returned
 * release() prints them. Other lines pass through.
 */
export function holdReadyLine(target = console) {
  const original = target.log;
  const held = [];
  let released = false;
  target.log = (...args) => {
    if (!released && args.some((a) => typeof a === 'string' && READY_LINE.test(a))) held.push(args);
    else original.apply(target, args);
  };
  return () => {
    released = true;
    target.log = original;
    for (const args of held) original.apply(target, args);
  };
}

/**
 * Says what the start prepares, waits until `base` answers GET /api/ready with 200 and GET /login
 * with a page, then releases Next's "Ready" line and says where to sign in. `maxWaitMs` bounds the
 * wait (then "Ready" is released with a warning: the app answers what it can).
 */
export async function announceWhenAnswering(base, { log = console.log, release = () => {}, maxWaitMs = 15 * 60_000, localEvaluation = false } = {}) {
  log(`[serve] preparing: the database's migrations${localEvaluation ? ' and, on a first start, the demo data' : ''}; the app answers once "Ready" appears`);
  const started = Date.now();
  let answering = false;
  while (Date.now() - started < maxWaitMs) {
    if (await answers(`${base}/api/ready`)) {
      answering = await answers(`${base}/login`);
      if (answering) break;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  release();
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!answering) log(`[serve] not answering after ${seconds} s: see the lines above (GET ${base}/api/ready names what is missing)`);
  else log(`[serve] Ready at ${base} (prepared in ${seconds} s)${localEvaluation ? ': sign in as demo@starloop.app, password StarLoop-demo-2025; sent messages are in /dev/mailbox' : ''}`);
  return answering;
}

async function answers(url) {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(120_000) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status === 200;
  } catch {
    return false;
  }
}
