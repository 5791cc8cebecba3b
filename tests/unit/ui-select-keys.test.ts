import { describe, expect, it } from 'vitest';
import { listPosition, nextEnabled, typeahead } from '@/components/ui/select-keys';

const options = [{ label: 'Apple' }, { label: 'Banana', disabled: true }, { label: 'Blueberry' }, { label: 'Cherry' }, { label: 'Bread' }];

describe('nextEnabled', () => {
  it('skips disabled options and stops at the ends', () => {
    expect(nextEnabled(options, 0, 1)).toBe(2);
    expect(nextEnabled(options, 2, -1)).toBe(0);
    expect(nextEnabled(options, -1, 1)).toBe(0);
    expect(nextEnabled(options, options.length, -1)).toBe(4);
    expect(nextEnabled(options, 4, 1)).toBe(-1);
  });
});

describe('typeahead', () => {
  it('finds the next option starting with the typed letters, cycling on a repeated letter', () => {
    const state = { text: '', at: 0 };
    expect(typeahead(options, state, 'b', 0, 1000)).toBe(2); // Banana is disabled
    expect(typeahead(options, state, 'b', 2, 1100)).toBe(4);
    expect(typeahead(options, state, 'b', 4, 1200)).toBe(2);
  });

  it('matches several letters typed in a row, and starts afresh after a pause', () => {
    const state = { text: '', at: 0 };
    expect(typeahead(options, state, 'b', -1, 1000)).toBe(2);
    expect(typeahead(options, state, 'r', 2, 1100)).toBe(4);
    expect(typeahead(options, state, 'c', 4, 3000)).toBe(3);
    expect(typeahead(options, state, 'z', 3, 5000)).toBe(-1);
  });

  it('uses textValue when the label is not text', () => {
    expect(typeahead([{ label: null, textValue: 'Zebra' }], { text: '', at: 0 }, 'z', -1, 0)).toBe(0);
  });
});

describe('listPosition', () => {
  const viewport = { width: 1000, height: 800 };

  it('opens below the trigger, at least as wide as it', () => {
    const style = listPosition({ top: 100, bottom: 136, left: 50, width: 200 }, 120, viewport);
    expect(style).toMatchObject({ top: '140px', bottom: 'auto', left: '50px', minWidth: '200px' });
  });

  it('opens above when there is more room there and too little below', () => {
    const style = listPosition({ top: 700, bottom: 736, left: 50, width: 200 }, 120, viewport);
    expect(style).toMatchObject({ top: 'auto', bottom: '104px' });
  });

  it('stays inside the viewport at the right edge', () => {
    const style = listPosition({ top: 100, bottom: 136, left: 900, width: 80 }, 200, viewport);
    expect(style.left).toBe('792px');
  });
});
