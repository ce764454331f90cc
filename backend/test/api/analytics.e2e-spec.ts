import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The pages' analytics reach the server through a beacon, tagged with the organization, rate-limited. */
describe('analytics beacon', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const stored = async (orgId: string | null) =>
    t.db.query(
      'SELECT name, properties, occurred_at FROM analytics_events WHERE organization_id IS NOT DISTINCT FROM $1 ORDER BY occurred_at',
      [orgId],
    );
  /** Each case from its own client address, so the rate limit test below counts only its own requests. */
  let ip = 0;
  const post = () => t.http.post('/api/analytics/events').set('X-Forwarded-For', `203.0.113.${++ip}`);

  it('should store the events of a sendBeacon text/plain body, tagged with the organization', async () => {
    const at = new Date(Date.now() - 5000).toISOString();
    const body = {
      organizationId: org.orgId,
      events: [
        { name: 'class_search', properties: { query: 'pottery', results: 3 }, timestamp: at },
        { name: 'ab_assigned', properties: { experiment: 'cta', variant: 'try_demo' } },
      ],
    };
    const res = await post().set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify(body)).expect(202);
    expect(res.body).toEqual({ success: true, data: { accepted: 2 }, error: null });
    const rows = await stored(org.orgId);
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(['ab_assigned', 'class_search']);
    const search = rows.find((r: { name: string }) => r.name === 'class_search');
    expect(search.properties).toEqual({ query: 'pottery', results: 3 });
    expect(new Date(search.occurred_at).toISOString()).toBe(at);
  });

  it('should take JSON too, and platform events without an organization', async () => {
    await post()
      .send({
        events: [
          { name: 'ab_conversion', properties: { experiment: 'headline', variant: 'features_focused', action: 'organization_created' } },
        ],
      })
      .expect(202);
    expect((await stored(null)).map((r: { name: string }) => r.name)).toContain('ab_conversion');
  });

  it('should refuse an organization that does not exist and store nothing', async () => {
    const res = await post()
      .send({ organizationId: '00000000-0000-4000-8000-000000000000', events: [{ name: 'class_search' }] })
      .expect(404);
    expect(res.body).toMatchObject({ success: false, data: null, error: 'Organization not found' });
    expect(await stored('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it.each([
    ['malformed JSON', 'text/plain', '{"events": ['],
    ['no events', 'application/json', JSON.stringify({ events: [] })],
    ['an unknown event name', 'application/json', JSON.stringify({ events: [{ name: 'drop_table' }] })],
    ['a nested property', 'application/json', JSON.stringify({ events: [{ name: 'class_search', properties: { q: { deep: 1 } } }] })],
    ['a long property', 'application/json', JSON.stringify({ events: [{ name: 'class_search', properties: { q: 'x'.repeat(201) } }] })],
    ['a bad organization id', 'application/json', JSON.stringify({ organizationId: 'abc', events: [{ name: 'class_search' }] })],
    ['a bad timestamp', 'application/json', JSON.stringify({ events: [{ name: 'class_search', timestamp: 'yesterday' }] })],
    ['too many events', 'application/json', JSON.stringify({ events: Array.from({ length: 21 }, () => ({ name: 'cta_click' })) })],
    ['an unknown field', 'application/json', JSON.stringify({ events: [{ name: 'cta_click' }], userId: 'x' })],
  ])('should answer 400 with the envelope for %s', async (_, type, body) => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM analytics_events'))[0].n;
    const res = await post().set('Content-Type', type).send(body).expect(400);
    expect(res.body).toMatchObject({ success: false, data: null });
    expect(typeof res.body.error).toBe('string');
    expect((await t.db.query('SELECT count(*)::int AS n FROM analytics_events'))[0].n).toBe(before);
  });

  it('should refuse a body over 8 kB with 413', async () => {
    await post()
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ events: [{ name: 'cta_click', properties: { a: 'x'.repeat(9000) } }] }))
      .expect(413);
  });

  it('should limit one client address to 60 beacons a minute, and not its neighbours', async () => {
    const from = (addr: string) =>
      t.http
        .post('/api/analytics/events')
        .set('X-Forwarded-For', addr)
        .send({ events: [{ name: 'cta_click' }] });
    for (let i = 0; i < 60; i++) await from('198.51.100.7').expect(202);
    const limited = await from('198.51.100.7').expect(429);
    expect(limited.body).toMatchObject({ success: false, data: null });
    await from('198.51.100.8').expect(202);
  });
});
