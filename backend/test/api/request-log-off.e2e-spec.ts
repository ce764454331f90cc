import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../setup/test-app';

/** LOG_REQUESTS=false (issue 8 §4): no request line, the request id still returned. */
describe('Request log switched off', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ LOG_REQUESTS: 'false' }); });
  afterAll(async () => { await t.close(); });

  it('should write no request line and still return a request id', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as never);
    let res;
    try {
      res = await t.http.get('/api/health').set('X-Request-Id', 'quiet-1').expect(200);
      await t.http.get('/api/students').expect(401);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).not.toContain('"msg":"request"');
    expect(res.headers['x-request-id']).toBe('quiet-1');
  });
});
