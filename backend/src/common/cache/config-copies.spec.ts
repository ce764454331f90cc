import { afterEach, describe, expect, it } from '@jest/globals';
import { ConfigCopies, organizationIdOf } from './config-copies';

/** A read that counts its calls and answers what the "database" holds when it is called. */
function source<T>(initial: T) {
  const s = { value: initial, reads: 0, read: async () => (s.reads++, s.value) };
  return s;
}

/** A read that answers only when released (a slow statement), to line up concurrent misses. */
function gated<T>(value: T) {
  let release!: () => void;
  let fail!: (e: Error) => void;
  const gate = new Promise<void>((resolve, reject) => ((release = resolve), (fail = reject)));
  const g = { reads: 0, release: () => release(), fail: (e: Error) => fail(e), read: async () => (g.reads++, await gate, value) };
  return g;
}

const row = (id: string, configVersion: string) => ({ id, configVersion });

describe('ConfigCopies', () => {
  afterEach(() => {
    ConfigCopies.enabled = true;
  });

  it('should read every time for a bare organization id (a request that did not read the row), keeping nothing', async () => {
    const copies = new ConfigCopies<string>(10);
    const db = source('v1');
    await copies.get('org', '', db.read);
    await copies.get('org', '', db.read);
    expect(db.reads).toBe(2);
    expect(copies.stats()).toEqual({ hits: 0, reads: 0, size: 0 });
  });

  it('should answer from the copy while the version is unchanged, and read again once it is bumped', async () => {
    const copies = new ConfigCopies<string>(10);
    const db = source('first');
    expect(await copies.get(row('org', '7'), '', db.read)).toBe('first');
    expect(await copies.get(row('org', '7'), '', db.read)).toBe('first');
    db.value = 'second'; // the configuration changed: its trigger bumped the version to 8
    expect(await copies.get(row('org', '8'), '', db.read)).toBe('second');
    expect(await copies.get(row('org', '8'), '', db.read)).toBe('second');
    expect(db.reads).toBe(2);
    expect(copies.stats()).toEqual({ hits: 2, reads: 2, size: 1 });
  });

  it('should let a request that read an older version use a newer copy, and never let an older read replace it', async () => {
    const copies = new ConfigCopies<string>(10);
    const slow = gated('read under 9');
    const olderRead = copies.get(row('org', '9'), '', slow.read); // began before the write
    expect(await copies.get(row('org', '10'), '', async () => 'read under 10')).toBe('read under 10');
    slow.release();
    expect(await olderRead).toBe('read under 9');
    // The copy is still the one read under 10, for requests that read 9 or 10 alike; compared as numbers, not text.
    expect(await copies.get(row('org', '9'), '', async () => 'not read')).toBe('read under 10');
    expect(await copies.get(row('org', '10'), '', async () => 'not read')).toBe('read under 10');
    expect(await copies.get(row('org', '11'), '', async () => 'read under 11')).toBe('read under 11');
  });

  it('should share one read among concurrent misses of the same copy under the same version', async () => {
    const copies = new ConfigCopies<string>(10);
    const db = gated('form');
    const all = Promise.all(Array.from({ length: 5 }, () => copies.get(row('org', '3'), '', db.read)));
    db.release();
    expect(await all).toEqual(['form', 'form', 'form', 'form', 'form']);
    expect(db.reads).toBe(1);
    expect(copies.stats()).toEqual({ hits: 0, reads: 1, size: 1 });
  });

  it('should not wait on a read under an older version, and read for itself when the shared read fails', async () => {
    const copies = new ConfigCopies<string>(10);
    const older = gated('old');
    const first = copies.get(row('org', '3'), '', older.read);
    const newer = source('new');
    expect(await copies.get(row('org', '4'), '', newer.read)).toBe('new'); // not the read under 3
    const failing = gated('never');
    const owner = copies.get(row('org', '5'), '', failing.read);
    const waiter = copies.get(row('org', '5'), '', async () => 'own read');
    failing.fail(new Error('rolled back'));
    await expect(owner).rejects.toThrow('rolled back');
    expect(await waiter).toBe('own read');
    older.release();
    await first;
  });

  it('should keep organizations and keys apart', async () => {
    const copies = new ConfigCopies<string>(10);
    expect(await copies.get(row('org-a', '1'), 'term-1', async () => 'a1')).toBe('a1');
    expect(await copies.get(row('org-a', '1'), 'term-2', async () => 'a2')).toBe('a2');
    expect(await copies.get(row('org-b', '1'), 'term-1', async () => 'b1')).toBe('b1');
    expect(await copies.get(row('org-a', '1'), 'term-1', async () => 'not read')).toBe('a1');
    expect(copies.stats().size).toBe(3);
  });

  it('should keep at most its bound of copies, the least recently used dropped first', async () => {
    const copies = new ConfigCopies<number>(3);
    await copies.get(row('busy', '1'), '', async () => -1);
    for (let i = 0; i < 10; i++) {
      await copies.get(row('busy', '1'), '', async () => -2); // used between every other organization's read
      await copies.get(row(`org-${i}`, '1'), '', async () => i);
    }
    expect(copies.stats().size).toBe(3);
    expect(await copies.get(row('busy', '1'), '', async () => -3)).toBe(-1);
  });

  it('should read nothing in whenKnown for a bare id, and keep the read for a row', async () => {
    const copies = new ConfigCopies<string>(10);
    const db = source('events');
    expect(await copies.whenKnown('org', '', db.read)).toBeUndefined();
    expect(await copies.whenKnown(row('org', '3'), '', db.read)).toBe('events');
    expect(await copies.whenKnown(row('org', '3'), '', db.read)).toBe('events');
    expect(db.reads).toBe(1);
  });

  it('should read every time, and answer nothing in whenKnown, when turned off', async () => {
    ConfigCopies.enabled = false;
    const copies = new ConfigCopies<string>(10);
    const db = source('x');
    await copies.get(row('org', '1'), '', db.read);
    await copies.get(row('org', '1'), '', db.read);
    expect(await copies.whenKnown(row('org', '1'), '', db.read)).toBeUndefined();
    expect(db.reads).toBe(2);
    expect(copies.stats().size).toBe(0);
  });

  it('should name the organization of a row or of a bare id', () => {
    expect(organizationIdOf('org')).toBe('org');
    expect(organizationIdOf(row('org', '1'))).toBe('org');
  });
});
