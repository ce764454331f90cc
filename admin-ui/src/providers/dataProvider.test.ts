import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider, readCloneEnvelope } from '@/providers/dataProvider';
import { httpClient } from '@/providers/httpClient';
import { TOKEN_KEY, USER_KEY } from '@/providers/session';

type Call = { url: string; init: RequestInit };

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams.entries());

describe('httpClient', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('should unwrap the envelope data into json', async () => {
    mockFetch(200, { success: true, data: { id: 'c1' }, error: null });
    const res = await httpClient('/api/classes/c1');
    expect(res.json).toEqual({ id: 'c1' });
    expect(res.status).toBe(200);
  });

  it('should send the stored bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const calls = mockFetch(200, { success: true, data: [], error: null });
    await httpClient('/api/classes');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('should not send the token on anonymous calls', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const calls = mockFetch(200, { success: true, data: [], error: null });
    await httpClient('/api/subscription-plans', { anonymous: true });
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBeNull();
  });

  it('should turn a failure into HttpError(error, status, { errors })', async () => {
    mockFetch(400, { success: false, data: null, error: 'Validation failed', errors: { title: 'Title is required' } });
    const err = await httpClient('/api/classes', { method: 'POST', body: '{}' }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toBe('Validation failed');
    expect(err.status).toBe(400);
    expect(err.body.errors).toEqual({ title: 'Title is required' });
  });

  it('should keep the server message of a 403 limit error', async () => {
    mockFetch(403, { success: false, data: null, error: 'Class limit reached. Essential allows up to 25 classes.' });
    const err = await httpClient('/api/classes', { method: 'POST', body: '{}' }).catch((e) => e);
    expect(err.status).toBe(403);
    expect(err.message).toContain('limit reached');
  });

  it('should treat success:false with a 200 as a failure', async () => {
    mockFetch(200, { success: false, data: null, error: 'Nope' });
    const err = await httpClient('/api/x').catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toBe('Nope');
  });

  it('should report a non-JSON body as an invalid response', async () => {
    mockFetch(200, '<html>oops</html>');
    const err = await httpClient('/api/x').catch((e) => e);
    expect(err.message).toBe('Invalid response format');
  });

  it('should clear the shared session on 401', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(USER_KEY, '{"id":"u"}');
    mockFetch(401, { success: false, data: null, error: 'Unauthorized' });
    const expired = vi.fn();
    window.addEventListener('classlane:auth-token-expired', expired);
    await httpClient('/api/auth/me').catch(() => undefined);
    window.removeEventListener('classlane:auth-token-expired', expired);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});

describe('dataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should send sort, range and filter as JSON list parameters and read the total from Content-Range', async () => {
    const calls = mockFetch(
      200,
      { success: true, data: [{ id: 'a' }, { id: 'b' }], error: null },
      {
        'Content-Range': 'classes 0-24/319',
      },
    );
    const dp = createDataProvider('/api');
    const result = await dp.getList('classes', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startDate', order: 'DESC' },
      filter: { q: 'yoga', status: 'Open' },
    });
    expect(result).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 319 });
    const url = calls[0].url;
    expect(url.startsWith('/api/classes?')).toBe(true);
    const q = query(url);
    expect(JSON.parse(q.sort)).toEqual(['startDate', 'DESC']);
    expect(JSON.parse(q.range)).toEqual([0, 24]);
    expect(JSON.parse(q.filter)).toEqual({ q: 'yoga', status: 'Open' });
  });

  it('should compute the range of later pages', async () => {
    const calls = mockFetch(200, { success: true, data: [], error: null }, { 'Content-Range': 'students 50-74/80' });
    const dp = createDataProvider('/api');
    await dp.getList('students', { pagination: { page: 3, perPage: 25 }, sort: { field: 'lastName', order: 'ASC' }, filter: {} });
    expect(JSON.parse(query(calls[0].url).range)).toEqual([50, 74]);
  });

  it('should update with PUT and unwrap the record', async () => {
    const calls = mockFetch(200, { success: true, data: { id: 'c1', title: 'New' }, error: null });
    const dp = createDataProvider('/api');
    const res = await dp.update('classes', { id: 'c1', data: { title: 'New' }, previousData: { id: 'c1' } });
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].url).toBe('/api/classes/c1');
    expect(res.data).toEqual({ id: 'c1', title: 'New' });
  });

  it('should delete without a text/plain content type', async () => {
    const calls = mockFetch(200, { success: true, data: { id: 'c1' }, error: null });
    const dp = createDataProvider('/api');
    await dp.delete('classes', { id: 'c1', previousData: { id: 'c1' } });
    expect(calls[0].init.method).toBe('DELETE');
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBeNull();
  });

  it('should reject create with field errors for react-admin forms', async () => {
    mockFetch(400, { success: false, data: null, error: 'Invalid', errors: { email: 'Please enter a valid email address' } });
    const dp = createDataProvider('/api');
    const err = await dp.create('students', { data: { email: 'x' } }).catch((e) => e);
    expect(err.body.errors.email).toBe('Please enter a valid email address');
  });

  it('should post bulk attendance as one call', async () => {
    const calls = mockFetch(200, { success: true, data: [], error: null });
    const dp = createDataProvider('/api');
    await dp.bulkAttendance({
      classId: 'c',
      sessionDate: '2026-01-01',
      sessionIndex: 0,
      attendanceData: [{ studentId: 's', attended: true }],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/attendance/bulk');
    expect(JSON.parse(String(calls[0].init.body)).attendanceData).toEqual([{ studentId: 's', attended: true }]);
  });
});

describe('readCloneEnvelope', () => {
  it('should read a nested clone result', () => {
    const r = readCloneEnvelope({ success: true, data: { data: { id: 'n' }, warning: 'w', statusForcedByLimit: true } });
    expect(r).toEqual({ data: { id: 'n' }, warning: 'w', statusForcedByLimit: true });
  });
  it('should read a flat clone result', () => {
    const r = readCloneEnvelope({ success: true, data: { id: 'n', title: 't' }, warning: null });
    expect(r.data).toEqual({ id: 'n', title: 't' });
    expect(r.statusForcedByLimit).toBe(false);
  });
});

describe('dashboard widget errors (spec 3 §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('should rethrow a dashboard summary failure as "Failed to fetch dashboard summary", keeping the status', async () => {
    mockFetch(500, { success: false, data: null, error: 'Internal server error' });
    const err = await createDataProvider('/api')
      .getDashboardSummary('month')
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toBe('Failed to fetch dashboard summary');
    expect(err.status).toBe(500);
  });

  it('should rethrow an activity events failure as "Failed to fetch activity events", keeping a 401', async () => {
    mockFetch(401, { success: false, data: null, error: 'Unauthorized' });
    const err = await createDataProvider('/api')
      .getActivityEvents(5)
      .catch((e) => e);
    expect(err.message).toBe('Failed to fetch activity events');
    expect(err.status).toBe(401);
  });
});

describe('organization and settings failures (spec 1 §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());
  const dp = () => createDataProvider('/api');
  const failure = (status: number, error: string, errors?: Record<string, string>) =>
    mockFetch(status, { success: false, data: null, error, ...(errors ? { errors } : {}) });

  it("should rethrow the reads with the spec's texts, keeping the status and the server's message as the cause", async () => {
    const reads: [string, () => Promise<unknown>][] = [
      ['Failed to fetch settings', () => dp().getSettings()],
      ['Failed to fetch organization', () => dp().getOwnOrganization()],
      ['Failed to fetch public branding', () => dp().getPublicBranding('o1')],
      ['Failed to fetch public organization', () => dp().getPublicOrganization('o1')],
      // The 'promo-codes' resource keeps the texts its screen showed before it was one.
      [
        'Failed to load promo codes',
        () =>
          dp().getList('promo-codes', { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} }),
      ],
    ];
    for (const [text, read] of reads) {
      failure(500, 'Internal server error');
      const err = (await read().catch((e: unknown) => e)) as HttpError;
      expect({ text, message: err.message, status: err.status, cause: err.body.cause }).toEqual({
        text,
        message: text,
        status: 500,
        cause: 'Internal server error',
      });
    }
  });

  it("should rethrow a failed save with the spec's text, but keep a refusal's own message and field errors", async () => {
    const saves: [string, () => Promise<unknown>][] = [
      ['Failed to update branding settings', () => dp().saveBranding({ businessName: 'x' } as never)],
      ['Failed to update contact settings', () => dp().saveContact({ phone: '1' } as never)],
      ['Failed to update admin profile settings', () => dp().saveProfile({ firstName: 'A' } as never)],
      ['Failed to update organization', () => dp().saveTimeZone('o1', 'Studio', 'Mars/Olympus')],
      ['Failed to update organization', () => dp().saveWaitlistOfferHours('o1', 'Studio', 2)],
      ['Failed to update organization', () => dp().saveClassConfirmedMessages('o1', 'Studio', true)],
      ['Failed to save the promo code', () => dp().create('promo-codes', { data: { code: 'SPRING20' } })],
      [
        'Failed to save the promo code',
        () => dp().update('promo-codes', { id: 'p1', data: { code: 'SPRING20' }, previousData: { id: 'p1' } }),
      ],
      ['Failed to remove the promo code', () => dp().delete('promo-codes', { id: 'p1', previousData: { id: 'p1' } })],
    ];
    for (const [text, save] of saves) {
      failure(503, 'Service unavailable');
      expect(((await save().catch((e: unknown) => e)) as HttpError).message).toBe(text);
      failure(400, 'Validation failed', { 'contactInfo.phone': 'Please enter a valid 10-digit US phone number' });
      const refused = (await save().catch((e: unknown) => e)) as HttpError;
      expect(refused.message).toBe('Validation failed');
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ 'contactInfo.phone': 'Please enter a valid 10-digit US phone number' });
    }
  });
});
