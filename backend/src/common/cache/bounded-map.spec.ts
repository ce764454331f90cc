import { describe, expect, it } from '@jest/globals';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('should drop the least recently used entry when full', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent: b goes first
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

  it('should refuse a size that is not a positive whole number', () => {
    expect(() => new BoundedMap(0)).toThrow('positive whole size');
    expect(() => new BoundedMap(1.5)).toThrow('positive whole size');
  });
});
