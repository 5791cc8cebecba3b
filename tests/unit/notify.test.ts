import { describe, expect, it } from 'vitest';
import { DUPLICATE_WINDOW_MS, createNotifyQueue } from '@/lib/notify/queue';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('notify queue (spec section 8)', () => {
  it('shows a first message and closes nothing', () => {
    const q = createNotifyQueue(clock());
    const first = q.push('success', 'Saved');
    expect(first.show).toBe(true);
    expect(first.close).toEqual([]);
    expect(first.id).toBeTruthy();
  });

  it('suppresses an identical message within 2 s', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    q.push('warning', 'Load failed');
    c.advance(DUPLICATE_WINDOW_MS - 1);
    expect(q.push('warning', 'Load failed')).toEqual({ show: false, close: [] });
  });

  it('shows the identical message again once 2 s have passed', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    const first = q.push('warning', 'Load failed');
    c.advance(DUPLICATE_WINDOW_MS);
    const again = q.push('warning', 'Load failed');
    expect(again.show).toBe(true);
    expect(again.close).toEqual([first.id]);
  });

  it('measures the window from the last shown message, not from suppressed ones', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    q.push('error', 'Oops');
    c.advance(1500);
    expect(q.push('error', 'Oops').show).toBe(false);
    c.advance(600); // 2.1 s after the shown one, 0.6 s after the suppressed one
    expect(q.push('error', 'Oops').show).toBe(true);
  });

  it('closes earlier messages first when a different message arrives', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    const a = q.push('success', 'Saved');
    c.advance(100);
    const b = q.push('warning', 'Something else');
    expect(b.show).toBe(true);
    expect(b.close).toEqual([a.id]);
    c.advance(100);
    const d = q.push('info', 'Third');
    expect(d.close).toEqual([b.id]);
  });

  it('treats the same text of another kind as a different message', () => {
    const q = createNotifyQueue(clock());
    q.push('success', 'Done');
    expect(q.push('error', 'Done').show).toBe(true);
  });

  it('does not ask to close a message that already went away', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    const a = q.push('success', 'Saved');
    q.dismissed(a.id ?? '');
    c.advance(50);
    expect(q.push('info', 'Next').close).toEqual([]);
  });

  it('suppresses a repeat after a different message only if it was the last one', () => {
    const c = clock();
    const q = createNotifyQueue(c);
    q.push('warning', 'A');
    c.advance(100);
    q.push('warning', 'B');
    c.advance(100);
    expect(q.push('warning', 'A').show).toBe(true);
  });
});
