import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, isRetryable, WriteQueue, type QueuedWrite } from '@/teacher-session/writeQueue';

/** A Storage in memory (the queue's localStorage copy). */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    raw: m,
  };
}
const offline = () => Object.assign(new Error('Network error. Please check your connection and try again.'), { status: 0 });
/** A queue whose sends fail as offline until `goOnline()`; `sent` lists the payloads that went through. */
function flakyQueue(options: { baseDelayMs?: number; maxDelayMs?: number } = {}) {
  let online = false;
  const sent: unknown[] = [];
  const q = new WriteQueue(
    async (w) => {
      if (!online) throw offline();
      sent.push(w.payload);
    },
    { storage: memoryStorage(), ...options },
  );
  return { q, sent, goOnline: () => void (online = true) };
}
const refused = (message: string, status = 409) => Object.assign(new Error(message), { status });

describe('WriteQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should send a write, report it saved and list it in what was saved', async () => {
    const sent: QueuedWrite[] = [];
    const q = new WriteQueue(async (w) => void sent.push(w), { storage: memoryStorage() });
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: { attended: true }, label: 'Ann: present' });
    expect(q.getSnapshot().byKey['att:a'].state).toBe('pending');
    await vi.runAllTimersAsync();
    expect(sent.map((w) => w.payload)).toEqual([{ attended: true }]);
    expect(q.getSnapshot()).toMatchObject({ waiting: 0, offline: false, byKey: { 'att:a': { state: 'saved' } } });
    expect(q.getSnapshot().recent).toEqual([expect.objectContaining({ label: 'Ann: present', state: 'saved' })]);
  });

  it('should keep writes while offline, retry with growing backoff and send them when the network is back', async () => {
    const { q, sent, goOnline } = flakyQueue({ baseDelayMs: 1000, maxDelayMs: 8000 });
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: 1, label: 'a' });
    q.enqueue({ key: 'pay:b', kind: 'payment', payload: 2, label: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.getSnapshot()).toMatchObject({ waiting: 2, offline: true, byKey: { 'att:a': { state: 'pending', attempts: 1 } } });
    await vi.advanceTimersByTimeAsync(1000); // 2nd attempt
    await vi.advanceTimersByTimeAsync(2000); // 3rd attempt
    expect(q.getSnapshot().byKey['att:a'].attempts).toBe(3);
    expect(sent).toEqual([]);
    goOnline();
    q.retryNow();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([1, 2]);
    expect(q.getSnapshot()).toMatchObject({ waiting: 0, offline: false });
    expect(q.getSnapshot().byKey['pay:b'].state).toBe('saved');
  });

  it('should send only the last of several taps on one key made while offline', async () => {
    const { q, sent, goOnline } = flakyQueue();
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: 'present', label: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: 'absent', label: 'a' });
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: 'present', label: 'a' });
    expect(q.pending()).toHaveLength(1);
    goOnline();
    q.retryNow();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['present']);
  });

  it('should queue a tap made while the same key is being sent behind it, and report the newer one', async () => {
    const release: (() => void)[] = [];
    const sent: unknown[] = [];
    const q = new WriteQueue(
      (w) =>
        new Promise<void>((resolve) => {
          release.push(() => {
            sent.push(w.payload);
            resolve();
          });
        }),
      { storage: memoryStorage() },
    );
    q.enqueue({ key: 'pay:a', kind: 'payment', payload: true, label: 'paid' });
    await vi.advanceTimersByTimeAsync(0);
    q.enqueue({ key: 'pay:a', kind: 'payment', payload: false, label: 'unpaid' });
    release.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.getSnapshot().byKey['pay:a']).toMatchObject({ payload: false });
    expect(q.getSnapshot().byKey['pay:a'].state).not.toBe('saved');
    release.shift()!();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([true, false]);
    expect(q.getSnapshot().byKey['pay:a']).toMatchObject({ state: 'saved', payload: false });
  });

  it('should drop a refused write, report the server message, and go on with the next', async () => {
    const sent: unknown[] = [];
    const q = new WriteQueue(
      async (w) => {
        if (w.kind === 'walkIn') throw refused('This class is full. No seats are left.');
        sent.push(w.payload);
      },
      { storage: memoryStorage() },
    );
    q.enqueue({ key: 'walk:1', kind: 'walkIn', payload: 'x', label: 'Walk-in Wanda' });
    q.enqueue({ key: 'att:a', kind: 'attendance', payload: 'y', label: 'a' });
    await vi.runAllTimersAsync();
    expect(q.getSnapshot().byKey['walk:1']).toMatchObject({ state: 'failed', error: 'This class is full. No seats are left.' });
    expect(q.getSnapshot().recent.map((r) => r.state)).toEqual(['saved', 'failed']);
    expect(sent).toEqual(['y']);
  });

  it('should keep unsent writes in storage and send them again from a new page', async () => {
    const storage = memoryStorage();
    const first = new WriteQueue(
      async () => {
        throw offline();
      },
      { storage },
    );
    first.enqueue({ key: 'notes:c:d', kind: 'notes', payload: { notes: 'Bring brushes' }, label: 'Notes' });
    await vi.advanceTimersByTimeAsync(0);
    first.dispose();
    expect(JSON.parse(storage.raw.get('classlane:teacher-writes:v1')!)).toHaveLength(1);
    const sent: unknown[] = [];
    const second = new WriteQueue(async (w) => void sent.push(w.payload), { storage });
    expect(second.getSnapshot().byKey['notes:c:d'].state).toBe('pending');
    await vi.runAllTimersAsync();
    expect(sent).toEqual([{ notes: 'Bring brushes' }]);
    expect(storage.raw.has('classlane:teacher-writes:v1')).toBe(false);
  });

  it('should tell retryable failures from refusals and cap the backoff', () => {
    expect(isRetryable(offline())).toBe(true);
    expect(isRetryable(refused('Server error', 503))).toBe(true);
    expect(isRetryable(refused('Too many', 429))).toBe(true);
    expect(isRetryable(refused('Bad', 400))).toBe(false);
    expect(isRetryable(refused('Full', 409))).toBe(false);
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 8000))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});
