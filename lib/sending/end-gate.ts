import type { AttemptItem, AttemptVerdict, SentItem } from './attempts-and-sent';

/** A message let through the end gate: its marker's verdict, and how it leaves. */
export interface GateTurn {
  /** 'ours': the marker is committed, the message may end; otherwise it must not (null: not ours). */
  verdict: AttemptVerdict | null;
  /** Turned away when its turn came (`admit` said no): no marker was written, the claim is the caller's to release. */
  withdrawn?: boolean;
  /**
   * Ends the turn. With a sent record, the record rides on the next group of markers (or is
   * written alone after a few milliseconds when no marker comes); the answer settles when it is
   * committed. Without one, the caller has already committed the outcome itself (review, failure).
   */
  leave(sent?: SentItem): Promise<void>;
}

export interface EndGate {
  /**
   * Waits until this message's attempt marker may be committed, then commits it together with
   * every other marker and sent record waiting (one statement). `admit` is asked when the marker
   * is about to be written: a message that waited while its process began stopping (or its
   * sending window closed) must not be marked and sent then.
   */
  enter(attempt: AttemptItem, admit?: () => boolean): Promise<GateTurn>;
  /** Writes the sent records waiting at once (the end of a round, a worker awaiting its own). */
  flush(): void;
  /** Messages marked and not yet recorded right now (tests read it: it never exceeds the capacity). */
  unconfirmed(): number;
}

type Commit = (attempts: AttemptItem[], sent: SentItem[]) => Promise<Map<number, AttemptVerdict>>;

interface Waiting {
  attempt: AttemptItem;
  admit?: () => boolean;
  resolve: (turn: GateTurn) => void;
  reject: (error: unknown) => void;
}

interface Rider {
  item: SentItem;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** How long a sent record waits for markers to ride with before it is written alone. */
const RIDER_LINGER_MS = 5;
/**
 * Statements in flight at once. A commit waits for the disk (a marker must survive a database
 * crash), and on a busy machine that wait, not the work, is most of a statement's time: a second
 * group need not wait for the first's. Only one of them carries sent records (those update the
 * campaign's count and the contacts' activity: two at once could lock them in opposite orders).
 */
const STATEMENTS_IN_FLIGHT = 4;

/**
 * The last step of every e-mail whose transport holds the end (SMTP's closing dot): the dot may go
 * only once the message's attempt marker is committed, so a crash can never leave a sent message
 * without its marker (that would be sent again: a duplicate).
 *
 * A message asks as soon as a connection takes it, and its content streams meanwhile; the markers
 * of all those asking go to the database together (group commit: while statements run, the next
 * group gathers), and each dot goes out on its own connection once its marker is in. A message's
 * sent record rides on a later group's statement. So the database costs each connection a share of
 * a statement per message, overlapped with the SMTP exchange, not a round trip of its own in turn
 * with every other connection's.
 *
 * The bound: a message between its committed marker and its committed record is unconfirmed (a
 * crash there leaves it "to check": it may or may not have reached the server). The gate lets at
 * most `capacity` be unconfirmed at any moment, counting a marker from the moment its statement is
 * sent and a record only once committed: a statement takes only as many markers as the records it
 * carries free up plus the room left. With `capacity` the number of SMTP connections, a process
 * killed anywhere leaves at most one message to check per connection it had open. (Killed before
 * its marker, a message's unterminated DATA is dropped by the server and the row is requeued.)
 */
export function createEndGate(capacity: number, commit: Commit): EndGate {
  const limit = Math.max(1, Math.floor(capacity));
  /** Markers committed or being committed, without a committed record. */
  let unconfirmed = 0;
  let statements = 0;
  let ridersInFlight = false;
  let forced = false;
  let timer: NodeJS.Timeout | null = null;
  const waiting: Waiting[] = [];
  let riders: Rider[] = [];

  const schedule = () => {
    if (!riders.length) forced = false;
    while (statements < STATEMENTS_IN_FLIGHT) {
      const boarding = ridersInFlight ? 0 : riders.length;
      const markersCanGo = waiting.length > 0 && limit - unconfirmed + boarding > 0;
      // Records go at once when markers wait for the room they free, or a flush was asked;
      // otherwise they wait briefly for markers to ride on.
      const ridersMustGo = boarding > 0 && (forced || waiting.length > 0);
      if (!markersCanGo && !ridersMustGo) break;
      void drain();
    }
    if (riders.length && !ridersInFlight && !timer) {
      timer = setTimeout(() => {
        timer = null;
        forced = true;
        schedule();
      }, RIDER_LINGER_MS);
    }
  };

  const turnFor = (verdict: AttemptVerdict | null): GateTurn => {
    if (verdict !== 'ours') {
      unconfirmed--;
      return { verdict, leave: async () => {} };
    }
    let left = false;
    return {
      verdict,
      leave(sent) {
        if (left) return Promise.resolve();
        left = true;
        if (!sent) {
          unconfirmed--;
          schedule();
          return Promise.resolve();
        }
        const recorded = new Promise<void>((resolve, reject) => riders.push({ item: sent, resolve, reject }));
        schedule();
        return recorded;
      },
    };
  };

  /** One statement: the records waiting (unless another statement carries some) and the markers that fit. */
  const drain = async () => {
    statements++;
    let group: Rider[] = [];
    if (!ridersInFlight && riders.length) {
      group = riders;
      riders = [];
      ridersInFlight = true;
      forced = false;
      if (timer) clearTimeout(timer);
      timer = null;
    }
    const room = limit - unconfirmed + group.length;
    const picked: Waiting[] = [];
    while (waiting.length && picked.length < room) {
      const next = waiting.shift() as Waiting;
      if (next.admit && !next.admit()) next.resolve({ verdict: null, withdrawn: true, leave: async () => {} });
      else picked.push(next);
    }
    // Counted from now: the statement may commit before its answer arrives.
    unconfirmed += picked.length;
    if (picked.length || group.length) {
      try {
        const verdicts = await commit(
          picked.map((w) => w.attempt),
          group.map((r) => r.item),
        );
        unconfirmed -= group.length;
        for (const r of group) r.resolve();
        for (const w of picked) w.resolve(turnFor(verdicts.get(w.attempt.deliveryId) ?? null));
      } catch (error) {
        // The markers' messages never end (their senders see the error). Records that failed to
        // commit are out of this process's hands: their rows stay `sending` with their markers,
        // and stale-claim recovery puts them up for review.
        unconfirmed -= group.length + picked.length;
        for (const r of group) r.reject(error);
        for (const w of picked) w.reject(error);
      }
    }
    if (group.length) ridersInFlight = false;
    statements--;
    schedule();
  };
  return {
    enter(attempt, admit) {
      return new Promise<GateTurn>((resolve, reject) => {
        waiting.push({ attempt, admit, resolve, reject });
        schedule();
      });
    },
    flush() {
      if (!riders.length) return;
      forced = true;
      schedule();
    },
    unconfirmed: () => unconfirmed,
  };
}
