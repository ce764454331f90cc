import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { httpClient, isTimeoutError, READ_TIMEOUT_MS, TIMEOUT_MESSAGE, timeoutFor, WRITE_TIMEOUT_MS } from '@/providers/httpClient';
import { signInErrorText } from '@/login/LoginPage';

/** A server that never answers: the fetch settles only when its signal aborts. */
function hangingFetch() {
  const fn = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Settles the promise into a { value } or { error } so a pending one can be checked without awaiting it. */
function track<T>(p: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  p.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('httpClient time-outs (spec 1 §7)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should give 10 s to GET and DELETE and 15 s to POST and PUT', () => {
    expect(READ_TIMEOUT_MS).toBe(10_000);
    expect(WRITE_TIMEOUT_MS).toBe(15_000);
    expect(timeoutFor(undefined)).toBe(10_000);
    expect(timeoutFor('get')).toBe(10_000);
    expect(timeoutFor('DELETE')).toBe(10_000);
    expect(timeoutFor('POST')).toBe(15_000);
    expect(timeoutFor('PUT')).toBe(15_000);
    expect(timeoutFor('PATCH')).toBe(15_000);
  });

  it('should fail a read that hangs after 10 s with the spec text', async () => {
    hangingFetch();
    const call = track(httpClient('/api/classes'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect(call.error).toBeInstanceOf(HttpError);
    expect((call.error as HttpError).message).toBe('Request timed out. Please check your connection and try again.');
    expect((call.error as HttpError).message).toBe(TIMEOUT_MESSAGE);
    expect(isTimeoutError(call.error)).toBe(true);
  });

  it('should let a write run 15 s before it times out', async () => {
    hangingFetch();
    const call = track(httpClient('/api/students', { method: 'POST', body: '{}' }));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((call.error as HttpError).message).toBe(TIMEOUT_MESSAGE);
  });

  it('should also time out a server that sends headers and then stalls the body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream({
          start(controller) {
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200 });
      }),
    );
    const call = track(httpClient('/api/classes'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isTimeoutError(call.error)).toBe(true);
  });

  it('should pass on a cancel by the caller as an AbortError, not a time-out', async () => {
    hangingFetch();
    const controller = new AbortController();
    const call = track(httpClient('/api/classes', { signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((call.error as Error).name).toBe('AbortError');
    expect(isTimeoutError(call.error)).toBe(false);
  });

  it('should clear its timer once the answer arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: 1, error: null }), { status: 200 })),
    );
    await expect(httpClient('/api/health')).resolves.toMatchObject({ json: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should show the time-out text on the login page, not "Invalid credentials"', async () => {
    hangingFetch();
    const call = track(httpClient('/api/auth/signin', { method: 'POST', body: '{}' }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(signInErrorText(call.error)).toBe(TIMEOUT_MESSAGE);
    expect(signInErrorText(new HttpError('Invalid', 401, {}))).toBe('Invalid credentials. Please try again.');
    expect(signInErrorText(new HttpError('Network error', 0, {}))).toBe(
      'Unable to reach the server. Please check your connection and try again.',
    );
  });
});
