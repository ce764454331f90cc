import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { inPersonSeat, markPaid } from './receipts.helpers';

/** A receipt's service dates come from the session records (issue 39 §1): a moved last session moves its end. */
describe("a receipt's service dates", () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should run from the first held session to the last as they are now, not as the schedule computed them', async () => {
    const cls = await createClass(t, org, { title: 'Moved', days: 3, schedule: 'Weekly', startDate: '2031-05-06T17:00:00.000Z' });
    const sessions = (await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
    // The first is cancelled and the last moved a week later.
    await t.http
      .post(`/api/class-sessions/${sessions[0].id}/cancel`)
      .set(org.auth)
      .send({ reason: 'Flood', notify: false, remedy: 'nothing' })
      .expect(201);
    await t.http.put(`/api/class-sessions/${sessions[2].id}`).set(org.auth).send({ startsAt: '2031-05-27T17:00:00.000Z' }).expect(200);
    const seat = await inPersonSeat(t, org, cls.id);
    await markPaid(t, org, seat).expect(200);
    const [receipt] = (await t.http.get('/api/receipts').set(org.auth).expect(200)).body.data;
    expect(receipt.lines[0]).toMatchObject({ serviceStart: '2031-05-13T17:00:00.000Z', serviceEnd: '2031-05-27T17:00:00.000Z' });
  });
});
