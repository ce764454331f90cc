/**
 * The teacher session screen's write queue ("keeps every tap even when the network drops for a
 * moment"). Every tap becomes a write kept in memory and in localStorage, sent in order, retried with backoff
 * while the network is down or the server fails, and reported per key (pending, sending, saved, failed).
 *
 * - One key names one thing the teacher sets (a student's attendance in a session, their payment, the notes, a
 *   walk-in). A new tap on a key whose write has not been sent yet replaces it: only the last wish is sent.
 * - Every write is idempotent on the server (attendance is an upsert, payment marks answer "already" which the
 *   sender treats as done, notes replace, a walk-in's email is its natural key), so a retry after a lost reply
 *   never doubles anything.
 * - A refusal (4xx other than 408/429) is final: the write is dropped and reported with the server's message.
 */

export type WriteState = 'pending' | 'sending' | 'saved' | 'failed';

export interface QueuedWrite<P = unknown> {
  /** Unique per write (client-generated). */
  id: string;
  /** What the write sets; a newer unsent write with the same key replaces this one. */
  key: string;
  kind: string;
  payload: P;
  /** A short text for the "what was saved" list, e.g. "Ann Able: present". */
  label: string;
  attempts: number;
  /** Not before this time (epoch ms): the backoff. */
  nextAt: number;
  createdAt: number;
}

export interface KeyStatus {
  state: WriteState;
  label: string;
  /** The payload of the latest write of this key (what the screen shows until the server's data catches up). */
  payload: unknown;
  error?: string;
  at: number;
  attempts: number;
}

export interface QueueSnapshot {
  byKey: Record<string, KeyStatus>;
  /** Writes not yet saved (pending or sending). */
  waiting: number;
  /** The most recent outcomes first (saved or failed), for the "what was saved" list. */
  recent: { id: string; key: string; label: string; state: 'saved' | 'failed'; error?: string; at: number }[];
  /** The last send failed for a reason worth retrying (offline, time-out, 5xx). */
  offline: boolean;
}

export type Sender = (write: QueuedWrite) => Promise<void>;

export interface QueueOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  storageKey?: string;
  now?: () => number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

const RECENT_LIMIT = 20;

/** Worth retrying: no answer (status 0: offline, time-out), 408, 429, 5xx. A 401 too: the taps wait for a new sign-in. */
export function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error && 'status' in error ? Number((error as { status: unknown }).status) : 0;
  return !status || status === 401 || status === 408 || status === 429 || status >= 500;
}

export function backoffDelay(attempts: number, base = 1000, max = 30_000): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

let seq = 0;
export const newWriteId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `w-${Date.now()}-${++seq}-${Math.random()}`;

export class WriteQueue {
  private queue: QueuedWrite[] = [];
  private statuses: Record<string, KeyStatus> = {};
  private recent: QueueSnapshot['recent'] = [];
  private offline = false;
  private sending: QueuedWrite | null = null;
  private timer: unknown = null;
  private listeners = new Set<(s: QueueSnapshot) => void>();
  private snapshot: QueueSnapshot;
  private readonly o: Required<Omit<QueueOptions, 'storage'>> & { storage: QueueOptions['storage'] };

  constructor(
    private sender: Sender,
    options: QueueOptions = {},
  ) {
    this.o = {
      storage: options.storage === undefined ? safeLocalStorage() : options.storage,
      storageKey: options.storageKey ?? 'classlane:teacher-writes:v1',
      now: options.now ?? (() => Date.now()),
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)),
    };
    this.restore();
    this.snapshot = this.build();
  }

  /** The screen's sender can change (a new session loaded); queued writes keep their own payloads. */
  setSender(sender: Sender) {
    this.sender = sender;
  }

  subscribe(fn: (s: QueueSnapshot) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  getSnapshot = (): QueueSnapshot => this.snapshot;

  /** Keeps the write (replacing an unsent one of the same key) and starts sending. */
  enqueue<P>(write: { key: string; kind: string; payload: P; label: string; id?: string }): QueuedWrite<P> {
    const now = this.o.now();
    const queued: QueuedWrite<P> = { id: write.id ?? newWriteId(), attempts: 0, nextAt: now, createdAt: now, ...write };
    const unsent = this.queue.findIndex((w) => w.key === write.key && w !== this.sending);
    if (unsent >= 0) this.queue[unsent] = queued as QueuedWrite;
    else this.queue.push(queued as QueuedWrite);
    this.statuses[write.key] = { state: 'pending', label: write.label, payload: write.payload, at: now, attempts: 0 };
    this.changed();
    this.kick(0);
    return queued;
  }

  /** Send now whatever waits (the connection is back, or the teacher asked). */
  retryNow() {
    const now = this.o.now();
    for (const w of this.queue) w.nextAt = Math.min(w.nextAt, now);
    this.kick(0);
  }

  /** Writes not yet saved, oldest first (for tests and the status line). */
  pending(): QueuedWrite[] {
    return [...this.queue];
  }

  /** Forget the outcome of saved keys (after the screen reloaded the server's data). */
  forgetSaved(keys?: string[]) {
    for (const [k, s] of Object.entries(this.statuses)) if (s.state === 'saved' && (!keys || keys.includes(k))) delete this.statuses[k];
    this.changed();
  }

  dispose() {
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private kick(delay: number) {
    if (this.sending) return;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    const next = this.queue[0];
    if (!next) return;
    const wait = next.nextAt - this.o.now();
    if (wait > 0) return this.kick(wait);
    this.sending = next;
    next.attempts += 1;
    this.setStatus(next, { state: 'sending' });
    try {
      await this.sender(next);
      this.remove(next);
      this.offline = false;
      const now = this.o.now();
      // A newer tap of the same key may be queued behind it: that one's state wins.
      if (!this.queue.some((w) => w.key === next.key)) this.setStatus(next, { state: 'saved', at: now });
      this.pushRecent({ id: next.id, key: next.key, label: next.label, state: 'saved', at: now });
    } catch (e) {
      if (isRetryable(e)) {
        this.offline = true;
        next.nextAt = this.o.now() + backoffDelay(next.attempts, this.o.baseDelayMs, this.o.maxDelayMs);
        this.setStatus(next, { state: 'pending', error: errorText(e) });
      } else {
        this.remove(next);
        this.offline = false;
        const now = this.o.now();
        if (!this.queue.some((w) => w.key === next.key)) this.setStatus(next, { state: 'failed', error: errorText(e), at: now });
        this.pushRecent({ id: next.id, key: next.key, label: next.label, state: 'failed', error: errorText(e), at: now });
      }
    } finally {
      this.sending = null;
      this.changed();
    }
    if (this.queue.length) {
      // Offline: wait for the head's backoff; otherwise carry on with the next write at once.
      this.kick(Math.max(0, this.queue[0].nextAt - this.o.now()));
    }
  }

  private remove(w: QueuedWrite) {
    this.queue = this.queue.filter((x) => x !== w);
  }

  private setStatus(w: QueuedWrite, patch: Partial<KeyStatus>) {
    // Only the latest write of a key speaks for it (a newer tap queued while this one was being sent).
    if (this.queue.some((x) => x.key === w.key && x !== w)) return;
    const prev = this.statuses[w.key];
    this.statuses[w.key] = {
      ...prev,
      at: prev?.at ?? this.o.now(),
      label: w.label,
      payload: w.payload,
      attempts: w.attempts,
      ...patch,
      ...(patch.state && patch.state !== 'pending' && !patch.error ? { error: undefined } : {}),
    };
    this.changed();
  }

  private pushRecent(r: QueueSnapshot['recent'][number]) {
    this.recent = [r, ...this.recent].slice(0, RECENT_LIMIT);
  }

  private changed() {
    this.persist();
    this.snapshot = this.build();
    for (const fn of this.listeners) fn(this.snapshot);
  }

  private build(): QueueSnapshot {
    return { byKey: { ...this.statuses }, waiting: this.queue.length, recent: [...this.recent], offline: this.offline };
  }

  private persist() {
    try {
      if (!this.o.storage) return;
      if (this.queue.length) this.o.storage.setItem(this.o.storageKey, JSON.stringify(this.queue));
      else this.o.storage.removeItem(this.o.storageKey);
    } catch {
      // A full or blocked storage keeps the writes in memory only.
    }
  }

  /** Writes kept by an earlier page (closed or reloaded while offline) are sent again: they are idempotent. */
  private restore() {
    try {
      const raw = this.o.storage?.getItem(this.o.storageKey);
      if (!raw) return;
      const kept = JSON.parse(raw) as QueuedWrite[];
      if (!Array.isArray(kept)) return;
      const now = this.o.now();
      this.queue = kept.filter((w) => w && typeof w.key === 'string' && typeof w.kind === 'string').map((w) => ({ ...w, nextAt: now }));
      for (const w of this.queue)
        this.statuses[w.key] = { state: 'pending', label: w.label, payload: w.payload, at: w.createdAt, attempts: w.attempts };
      if (this.queue.length) this.kick(0);
    } catch {
      this.queue = [];
    }
  }
}

function errorText(e: unknown): string {
  const m = typeof e === 'object' && e && 'message' in e ? (e as { message: unknown }).message : null;
  return typeof m === 'string' && m ? m : 'Request failed';
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
