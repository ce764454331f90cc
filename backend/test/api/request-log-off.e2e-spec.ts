import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useRequestLogDestination } from '../../src/common/http/request-logger';
import { createTestApp, type TestApp } from '../setup/test-app';

/** LOG_REQUESTS=false: no request line, the request id still returned. */
describe('Request log switched off', () => {
  let t: TestApp;
  const written: string[] = [];
  beforeAll(async () => {
    useRequestLogDestination({
      write: (chunk: string) => {
        written.push(chunk);
      },
    });
    t = await createTestApp({ LOG_REQUESTS: 'false' });
  });
  afterAll(async () => {
    await t.close();
    useRequestLogDestination(null);
  });

  it('should write no request line and still return a request id', async () => {
    const res = await t.http.get('/api/health').set('X-Request-Id', 'quiet-1').expect(200);
    await t.http.get('/api/students').expect(401);
    expect(written).toEqual([]);
    expect(res.headers['x-request-id']).toBe('quiet-1');
  });
});
