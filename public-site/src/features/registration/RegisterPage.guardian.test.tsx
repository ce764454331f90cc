import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RegisterPage } from './RegisterPage';
import { firstSessionDay, isMinorOn } from './registrationFormRules';

/** Issue 37: a student under 18 on the first day of class does not sign the waiver; a parent or guardian does. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS_ID = '486f36a9-a089-445a-9c44-8cb266b86655';
const WAIVER = { id: 'c0000000-0000-4000-8000-000000000001', versionId: 'd0000000-0000-4000-8000-000000000001' };
const CLASS = {
  id: CLASS_ID,
  organizationId: ORG,
  title: 'Pottery Wheel',
  description: '',
  instructor: 'Kim',
  location: 'Studio 2',
  status: 'Open',
  price: 100,
  discountPrice: 80,
  maxStudents: 10,
  enrolledStudents: 0,
  startDate: new Date(Date.now() + 7 * 86400000).toISOString(),
  duration: 60,
  days: 1,
  schedule: 'Weekly',
  sessions: [],
  information: '',
  materials: [],
  questions: [],
  waivers: [
    {
      id: WAIVER.id,
      title: 'Studio waiver',
      versionId: WAIVER.versionId,
      version: 1,
      body: 'Be careful.',
      bodyHtml: '<p>Be careful.</p>',
      sha256: 'x'.repeat(64),
    },
  ],
};
const yearsAgo = (n: number) => {
  const d = new Date();
  return `${d.getFullYear() - n}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The server's words (backend/src/modules/registration-forms/waiver-signer.ts). */
const MINOR_MESSAGE =
  'Jo Kim is under 18 on the first day of class: a parent or guardian must sign “Studio waiver” for them. ' +
  'Enter the parent or guardian’s full name and have them type it to sign';

const reply = (status: number, data: unknown, error: string | null = null, errors?: Record<string, string>) =>
  new Response(JSON.stringify({ success: status < 400, data, error, ...(errors ? { errors } : {}) }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let calls: { path: string; body: unknown }[] = [];
function stubApi(register: (body: unknown) => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === '/api/students/register') return register(body);
      if (path === '/api/students/check-enrollment') return reply(200, { enrolled: false, classFull: false });
      if (path.startsWith('/api/classes/')) return reply(200, CLASS);
      if (path.startsWith('/api/connect/status/')) return reply(200, { hasAccount: false, charges_enabled: false });
      if (path === '/api/stripe/config') return reply(200, { publicKey: 'pk_test_unit', environment: 'test' });
      return reply(404, null, 'Not found');
    }),
  );
}
const registered = () =>
  reply(201, {
    id: 's1',
    organizationId: ORG,
    firstName: 'Jo',
    lastName: 'Kim',
    email: 'jo@example.com',
    phone: '5595551234',
    communicationOptIn: true,
    classEnrollments: [{ id: 'e1', classId: CLASS_ID }],
  });

function renderPage() {
  const { hook } = memoryLocation({ path: `/register/${CLASS_ID}?org=${ORG}` });
  render(
    <Router hook={hook}>
      <Route path="/register/:classId" component={RegisterPage} />
    </Router>,
  );
}
const type = (label: RegExp | string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

async function fillStudent() {
  await screen.findByRole('heading', { name: 'Student Information' });
  type(/^First Name/, 'Jo');
  type(/^Last Name/, 'Kim');
  type(/^Email Address/, 'jo@example.com');
  type(/^Phone Number/, '5595551234');
}
async function continueAndReserve() {
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/students/register')).toBe(true));
  return calls.find((c) => c.path === '/api/students/register')!.body as Record<string, unknown>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage: a parent or guardian signs for a student under 18', () => {
  it('should show the guardian’s fields once the date of birth makes the student a minor, and send the guardian as the signer', async () => {
    stubApi(registered);
    renderPage();
    await fillStudent();
    expect(screen.queryByRole('group', { name: 'Parent or guardian' })).toBeNull();
    type(/^Date of Birth/, yearsAgo(12));
    const group = screen.getByRole('group', { name: 'Parent or guardian' });
    expect(group.textContent).toContain(
      'Jo Kim is under 18 on the first day of class, so a parent or guardian reads and signs the waiver below.',
    );
    // The student typing their own name as the signature is stopped here, before anything is sent.
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    type(/type your full name to sign/, 'Jo Kim');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter the parent or guardian’s full name')).toBeTruthy();
    type(/^Parent or guardian’s full name/, 'Jo Kim');
    expect(await screen.findByText('The parent or guardian must be an adult other than Jo Kim')).toBeTruthy();
    type(/^Parent or guardian’s full name/, 'Sam Kim');
    expect(
      await screen.findByText('The parent or guardian types their full name exactly as given above (Sam Kim) to sign “Studio waiver”'),
    ).toBeTruthy();
    type(/^Parent or guardian: type your full name to sign/, 'Sam Kim');
    await new Promise((r) => setTimeout(r, 1100)); // the form's 1 s submit debounce
    const sent = await continueAndReserve();
    expect(sent).toMatchObject({
      firstName: 'Jo',
      dateOfBirth: yearsAgo(12),
      guardian: { name: 'Sam Kim' },
      waiverAcceptances: [{ waiverVersionId: WAIVER.versionId, signedName: 'Sam Kim' }],
    });
  });

  it('should ask nothing more of an adult, who signs for themself as before', async () => {
    stubApi(registered);
    renderPage();
    await fillStudent();
    type(/^Date of Birth/, '1985-04-02');
    expect(screen.queryByRole('group', { name: 'Parent or guardian' })).toBeNull();
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    type(/^Type your full name to sign/, 'Jo Kim');
    const sent = await continueAndReserve();
    expect(sent.guardian).toBeUndefined();
    expect(sent.waiverAcceptances).toEqual([{ waiverVersionId: WAIVER.versionId, signedName: 'Jo Kim' }]);
  });

  it('should bring the server’s refusal back to the waiver on step 1, in its exact words', async () => {
    stubApi(() => reply(400, null, MINOR_MESSAGE, { [`waivers.${WAIVER.id}`]: MINOR_MESSAGE }));
    renderPage();
    await fillStudent();
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    type(/^Type your full name to sign/, 'Jo Kim');
    await continueAndReserve();
    await screen.findByRole('heading', { name: 'Student Information' });
    const field = screen.getByLabelText(/^Type your full name to sign/);
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain(MINOR_MESSAGE);
  });
});

describe('the age rule the page mirrors', () => {
  it('should count the 18th birthday as adult, 29 February as turning 18 on 1 March, and the organization’s day', () => {
    expect(isMinorOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(isMinorOn('2008-06-15', '2026-06-15')).toBe(false);
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-03-01')).toBe(false);
    expect(firstSessionDay('2026-06-15T02:00:00Z', 'America/Chicago')).toBe('2026-06-14');
    expect(firstSessionDay('2026-06-15T02:00:00Z', 'UTC')).toBe('2026-06-15');
  });
});
