import { describe, expect, it } from '@jest/globals';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('should drop an entry not used since the others were when full', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(m.get('a')).toBe(1); // a was used, b was not: b goes first
    m.set('c', 3);
    expect([m.has('a'), m.has('b'), m.has('c')]).toEqual([true, false, true]);
    expect(m.size).toBe(2);
  });

  it('should replace a value in place without growing, and make it the most recent', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(m.get('a')).toBe(10);
    expect(m.has('b')).toBe(false);
    expect(m.size).toBe(2);
  });

  it('should keep the busy keys while many others pass through', () => {
    const m = new BoundedMap<number, number>(100);
    for (let i = 0; i < 10_000; i++) {
      if (m.get(-1) === undefined) m.set(-1, -1);
      m.set(i, i);
    }
    expect(m.get(-1)).toBe(-1);
    expect(m.size).toBe(100);
  });

  it('should keep the value just set when every other one was used, and drop the oldest of them', () => {
    const m = new BoundedMap<string, number>(3);
    m.set('a', 1).set('b', 2).set('c', 3);
    m.get('a');
    m.get('b');
    m.get('c');
    m.set('d', 4);
    expect([...m.values()]).toEqual([2, 3, 4]);
    m.set('e', 5); // b and c lost their marks in the last round: b is now the oldest not used
    expect([m.has('b'), m.has('c'), m.has('d'), m.has('e')]).toEqual([false, true, true, true]);
  });

  it('should refuse a size that is not a positive whole number', () => {
    expect(() => new BoundedMap(0)).toThrow('positive whole size');
    expect(() => new BoundedMap(1.5)).toThrow('positive whole size');
  });
});
