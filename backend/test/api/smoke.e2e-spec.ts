import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should report the database up', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({ success: true, error: null, data: { database: 'up', email: 'log', payments: 'unconfigured' } });
  });
});
