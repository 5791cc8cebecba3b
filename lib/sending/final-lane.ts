import type { AttemptItem, AttemptVerdict, SentItem } from './attempts-and-sent';

/** A message's turn in the final lane: its marker's verdict, and how it leaves. */
export interface LaneTurn {
  /** 'ours': the marker is committed, the message may end; otherwise it must not (null: not ours). */
  verdict: AttemptVerdict | null;
  /** Turned away when its turn came (`admit` said no): no marker was written, the claim is the caller's to release. */
  withdrawn?: boolean;
  /**
   * Ends the turn. With a sent record, the record rides on the next message's marker statement
   * (or is written at once when nobody waits); the answer settles when it is committed. Without
   * one, the caller has already recorded the outcome itself (review, failure).
   */
  leave(sent?: SentItem): Promise<void>;
}

export interface FinalLane {
  /**
   * Waits for the lane, then commits this message's attempt marker with the records waiting.
   * `admit` is asked when the turn comes: a message that waited behind a slow server while its
   * process began stopping (or its sending window closed) must not be marked and sent then.
   */
  enter(attempt: AttemptItem, admit?: () => boolean): Promise<LaneTurn>;
}

type Commit = (attempts: AttemptItem[], sent: SentItem[]) => Promise<Map<number, AttemptVerdict>>;

/**
 * The last step of every e-mail, one message at a time per process: [marker committed -> closing
 * dot -> server's 250 -> sent record]. The message's content has already streamed to the server
 * (its end is held by the transport until its turn), so the lane holds only a database statement
 * and one SMTP round trip. Because the sent record of message k commits in the same statement as
 * the marker of message k+1, at any moment at most one message of this process has a committed
 * marker but no record: a process killed anywhere leaves at most one delivery for review. (Killed
 * before its turn, a message has no marker and its unterminated DATA is dropped by the server:
 * the row is simply requeued.)
 */
export function createFinalLane(commit: Commit): FinalLane {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let riders: { item: SentItem; resolve: () => void; reject: (error: unknown) => void }[] = [];

  const commitWith = async (attempts: AttemptItem[]) => {
    const group = riders;
    riders = [];
    try {
      const verdicts = await commit(attempts, group.map((r) => r.item));
      for (const r of group) r.resolve();
      return verdicts;
    } catch (error) {
      for (const r of group) r.reject(error);
      throw error;
    }
  };

  return {
    async enter(attempt, admit) {
      waiting++;
      const previous = tail;
      let release!: () => void;
      tail = new Promise<void>((resolve) => (release = resolve));
      await previous;
      waiting--;
      if (admit && !admit()) {
        // The previous message's record may have waited to ride on this marker: written alone.
        if (riders.length) await commitWith([]).catch(() => {});
        release();
        return { verdict: null, withdrawn: true, leave: async () => {} };
      }
      let verdicts: Map<number, AttemptVerdict>;
      try {
        verdicts = await commitWith([attempt]);
      } catch (error) {
        release();
        throw error;
      }
      const verdict = verdicts.get(attempt.deliveryId) ?? null;
      if (verdict !== 'ours') {
        release();
        return { verdict, leave: async () => {} };
      }
      let left = false;
      return {
        verdict,
        async leave(sent) {
          if (left) return;
          left = true;
          if (!sent) return release();
          const recorded = new Promise<void>((resolve, reject) => riders.push({ item: sent, resolve, reject }));
          // Nobody to ride with: written now, and the lane is held until it is committed (a
          // marker committed meanwhile would make two messages unrecorded at once).
          if (waiting === 0) await commitWith([]).catch(() => {});
          release();
          return recorded;
        },
      };
    },
  };
}

/**
 * `width` final lanes side by side (each message takes the one with the fewest waiting): up to
 * `width` messages of this process unrecorded at a crash, for about `width` times the throughput
 * of one (bench/RESULTS.md). One by default.
 */
export function createFinalLanes(width: number, commit: Commit): FinalLane {
  if (width <= 1) return createFinalLane(commit);
  const lanes = Array.from({ length: width }, () => ({ lane: createFinalLane(commit), load: 0 }));
  return {
    async enter(attempt, admit) {
      const chosen = lanes.reduce((a, b) => (b.load < a.load ? b : a));
      chosen.load++;
      const turn = await chosen.lane.enter(attempt, admit).catch((error: unknown) => {
        chosen.load--;
        throw error;
      });
      if (turn.verdict !== 'ours') {
        chosen.load--;
        return turn;
      }
      let left = false;
      return {
        verdict: turn.verdict,
        leave: (sent) => {
          if (!left) chosen.load--;
          left = true;
          return turn.leave(sent);
        },
      };
    },
  };
}
