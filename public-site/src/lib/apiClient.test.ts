import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AUTH_EXPIRED_EVENT, api, MESSAGES, parseEnvelope, reviveDates } from './apiClient';
import { TOKEN_KEY, USER_KEY } from './storage';

function jsonResponse(body: unknown, status = 200, contentType = 'application/json'): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });
}

describe('parseEnvelope', () => {
  it('should map unreadable and malformed bodies to the catalogue messages', async () => {
    await expect(parseEnvelope(new Response('', { status: 200 }))).rejects.toMatchObject({ message: MESSAGES.empty });
    await expect(parseEnvelope(jsonResponse('<html>', 200, 'text/html'))).rejects.toMatchObject({
      message: 'Invalid response format',
    });
    const bad = await parseEnvelope(jsonResponse('{"success":', 200)).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).message).toMatch(/^Invalid JSON response: /);
    const unreadable = { status: 200, ok: true, headers: new Headers(), text: () => Promise.reject(new Error('x')) };
    await expect(parseEnvelope(unreadable as unknown as Response)).rejects.toMatchObject({
      message: 'Could not read response from server',
    });
  });
  it('should use the server message, then the defaults', async () => {
    await expect(parseEnvelope(jsonResponse({ success: false, error: 'This class is full' }, 409))).rejects.toMatchObject({
      status: 409,
      message: 'This class is full',
    });
    await expect(parseEnvelope(jsonResponse({ success: false, data: null, error: null }, 400))).rejects.toMatchObject({
      message: 'Request failed',
    });
    await expect(parseEnvelope(jsonResponse({ success: false, data: null }, 200))).rejects.toMatchObject({
      message: 'API request failed',
    });
  });
  it('should expose field errors and the body', async () => {
    const error = (await parseEnvelope(
      jsonResponse({ success: false, error: 'Validation failed', errors: { email: 'Email is required' } }, 400),
    ).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ email: 'Email is required' });
    expect(error.data).toMatchObject({ error: 'Validation failed' });
  });
});

describe('reviveDates', () => {
  it('should turn ISO date-times into Dates, deeply', () => {
    const out = reviveDates({ a: '2026-03-01T10:00:00.000Z', b: ['2026-03-01T10:00:00Z'], c: '2026-03-01', d: 'x' });
    expect(out.a).toBeInstanceOf(Date);
    expect((out.b as unknown[])[0]).toBeInstanceOf(Date);
    expect(out.c).toBe('2026-03-01');
    expect(out.d).toBe('x');
  });
});

describe('api requests', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('should unwrap data and send the token only on non-public calls', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { id: 1 }, error: null }));
    await expect(api.get('/api/auth/me')).resolves.toEqual({ id: 1 });
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: [], error: null }));
    await api.get('/api/classes', { public: true, query: { organizationId: 'o1' } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/classes?organizationId=o1');
    expect((fetchMock.mock.calls[1][1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('should clear the session and raise the expiry event on a 401 of a non-public call', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(USER_KEY, '{"id":"u"}');
    const listener = vi.fn();
    window.addEventListener(AUTH_EXPIRED_EVENT, listener);
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Unauthorized' }, 401));
    await expect(api.put('/api/auth/profile', {})).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(AUTH_EXPIRED_EVENT, listener);
  });

  it('should keep the session on a 401 of a public call', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Invalid credentials' }, 401));
    await expect(api.post('/api/auth/signin', {}, { public: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('should time out GET after 10 s and POST after 15 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const get = api.get('/api/x', { public: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    const post = api.post('/api/y', {}, { public: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1);
    expect(await get).toMatchObject({ kind: 'timeout', message: MESSAGES.timeout });
    await vi.advanceTimersByTimeAsync(14_998);
    let settled = false;
    void post.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await post).toMatchObject({ kind: 'timeout' });
  });

  it('should report a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x', { public: true })).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('should make public reads ask the server again, for a while, after a call that moved a seat succeeded', async () => {
    sessionStorage.clear();
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    const cacheOf = (i: number) => fetchMock.mock.calls[i][1]?.cache;
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: [], error: null }));
    await api.get('/api/classes', { public: true, query: { organizationId: 'o1' } });
    expect(cacheOf(0)).toBeUndefined();
    // A price quote changes nothing; a failed registration moved no seat.
    await api.post('/api/public/price-quote', {}, { public: true });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, data: null, error: 'Class is full' }, 409));
    await expect(api.post('/api/students/register', {}, { public: true, movesSeats: true })).rejects.toBeInstanceOf(ApiError);
    await api.get('/api/classes', { public: true, query: { organizationId: 'o1' } });
    expect(cacheOf(3)).toBeUndefined();

    await api.post('/api/students/register', {}, { public: true, movesSeats: true });
    await api.get('/api/classes/c1', { public: true });
    expect(cacheOf(5)).toBe('no-cache');
    // Authenticated reads are never cached by the browser anyway; only public ones change.
    await api.get('/api/auth/me');
    expect(cacheOf(6)).toBeUndefined();
    vi.setSystemTime(new Date('2026-03-01T10:00:21Z'));
    await api.get('/api/classes/c1', { public: true });
    expect(cacheOf(7)).toBeUndefined();
  });
});
