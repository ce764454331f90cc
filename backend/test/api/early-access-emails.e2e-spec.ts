import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MessageComposer } from '../../src/modules/communications/message-composer';
import { EarlyAccessService } from '../../src/modules/registration/early-access.service';
import { drain, PUBLIC_URL, startProviders } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const SEC = 1000;
const DAY = 24 * 3600 * SEC;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A term's early-access emails sell the term: they go only to returning students who have not opted out, checked
 * again when they go, with the one-click unsubscribe headers of every non-transactional email. Sent through the real
 * SendGrid SDK to its stand-in.
 */
describe('early-access emails and the opt-in', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;

  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  /** An organization with a past term (with a class) and a term whose early access has begun. */
  async function seasons() {
    const org = await createOrg(t, { plan: 'professional' });
    const term = (body: Record<string, unknown>) =>
      t.http
        .post('/api/terms')
        .set(org.auth)
        .send(body)
        .expect(201)
        .then((r) => r.body.data as { id: string; name: string });
    const spring = await term({ name: 'Spring', startDate: '2026-03-01', endDate: '2026-05-31', registrationOpensAt: at(-100 * DAY) });
    const springClass = await createClass(t, org, { price: 100, maxStudents: 20, termId: spring.id });
    const summer = () =>
      term({
        name: 'Summer',
        startDate: '2026-06-01',
        endDate: '2026-08-31',
        registrationOpensAt: at(DAY),
        earlyAccessOpensAt: at(-SEC),
      });
    return { org, springClass, summer };
  }

  const register = (org: OrgFixture, classId: string, overrides: Record<string, unknown> = {}) =>
    t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, classId), ...overrides })
      .expect(201)
      .then((r) => r.body.data as { id: string; email: string });
  /** What a mail client does with the List-Unsubscribe link (RFC 8058 one-click). */
  const unsubscribe = (org: OrgFixture, studentId: string) =>
    t.http
      .post(t.app.get(MessageComposer).unsubscribeUrl(org.orgId, studentId).replace(PUBLIC_URL, ''))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
  const earlyAccessMailsTo = (email: string) =>
    providers.sendgrid.sent.filter(
      (m) => m.body.personalizations[0].to[0].email === email && m.body.subject.startsWith('Early registration'),
    );
  const job = () => t.app.get(EarlyAccessService);

  it('should email a returning student who did not opt out and not one who unsubscribed (a household contact too)', async () => {
    const { org, springClass, summer } = await seasons();
    const stays = await register(org, springClass.id);
    const left = await register(org, springClass.id);
    await unsubscribe(org, left.id);
    // A household whose contact unsubscribed: the attendees registered under it keep their own copy of the consent,
    // but the email would go to the contact's address.
    const household = await register(org, springClass.id, {
      firstName: 'Dana',
      lastName: 'Okafor',
      attendees: [
        { firstName: 'Ife', lastName: 'Okafor' },
        { firstName: 'Tobi', lastName: 'Okafor' },
      ],
    });
    await unsubscribe(org, household.id);
    await summer();
    await job().sendDue();
    await drain(t);

    const mails = earlyAccessMailsTo(stays.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body.subject).toBe('Early registration for Summer');
    expect(earlyAccessMailsTo(left.email)).toHaveLength(0);
    expect(earlyAccessMailsTo(household.email)).toHaveLength(0);
  });

  it('should send the early-access email with the one-click List-Unsubscribe headers of the student', async () => {
    const { org, springClass, summer } = await seasons();
    const student = await register(org, springClass.id);
    await summer();
    await job().sendDue();
    await drain(t);

    const [mail] = earlyAccessMailsTo(student.email);
    expect(mail.body.headers).toEqual({
      'List-Unsubscribe': `<${t.app.get(MessageComposer).unsubscribeUrl(org.orgId, student.id)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The HTML part's footer has the link too, as every non-transactional email's.
    expect(mail.body.content.find((c) => c.type === 'text/html')!.value).toContain('>Unsubscribe</a>');
    // The header's link is the student's own: a mail client's one-click POST unsubscribes them.
    const link = /^<(.+)>$/.exec(mail.body.headers!['List-Unsubscribe'])![1];
    await t.http.post(link.replace(PUBLIC_URL, '')).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await t.db.query('SELECT communication_opt_in AS "optIn" FROM students WHERE id = $1', [student.id])).toEqual([
      { optIn: false },
    ]);
  });

  it('should not email someone who unsubscribes after the email was queued and before it goes', async () => {
    const { org, springClass, summer } = await seasons();
    const student = await register(org, springClass.id);
    const term = await summer();
    expect(await job().sendDue()).toBeGreaterThanOrEqual(1);
    const queued = await t.db.query(
      "SELECT id FROM communications WHERE organization_id = $1 AND to_address = $2 AND subject LIKE 'Early registration%'",
      [org.orgId, student.email],
    );
    expect(queued).toHaveLength(1);
    await unsubscribe(org, student.id);
    await drain(t);
    expect(earlyAccessMailsTo(student.email)).toHaveLength(0);
    expect(await t.db.query('SELECT kind, status, status_reason FROM communications WHERE id = $1', [queued[0].id])).toEqual([
      { kind: 'early_access', status: 'skipped', status_reason: 'opted out' },
    ]);
    // The term stays marked sent: a later run queues nothing again.
    expect(await job().sendDue()).toBe(0);
    expect((await t.db.query('SELECT early_access_sent_at FROM terms WHERE id = $1', [term.id]))[0].early_access_sent_at).not.toBeNull();
  });
});
