import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { WaitlistLeavePage } from './WaitlistLeavePage';
import { WaitlistOfferPage } from './WaitlistOfferPage';
import { reply, stubApi } from './testApi';

/** The seat offer page (held seat, countdown, prices, registration with the token) and the leave page. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS = '486f36a9-a089-445a-9c44-8cb266b86655';
const TOKEN = 'offer.token-123';

const offer = (overrides: Record<string, unknown> = {}) => ({
  entryId: 'e1',
  status: 'offered',
  classId: CLASS,
  organizationId: ORG,
  classTitle: 'Watercolor Basics',
  startDate: '2026-12-05T17:00:00.000Z',
  offerExpiresAt: new Date(Date.now() + 23 * 3600_000 + 5 * 60_000).toISOString(),
  price: 40,
  discountPrice: 30,
  firstName: 'Rosa',
  lastName: 'Park',
  email: 'rosa@example.com',
  phone: '(559) 555-1234',
  communicationOptIn: false,
  acceptsCard: false,
  amount: 30,
  ...overrides,
});

const cls = {
  id: CLASS,
  organizationId: ORG,
  title: 'Watercolor Basics',
  instructor: 'Ana Lima',
  location: 'Studio A',
  status: 'Closed',
  startDate: '2026-12-05T17:00:00.000Z',
  days: 1,
  schedule: 'Consecutive',
  duration: 60,
  price: 40,
  discountPrice: 30,
  maxStudents: 8,
  enrolledStudents: 8,
  waitlistOpen: true,
  sessions: [],
  materials: [],
};

function renderPage(path: string) {
  const { hook, history } = memoryLocation({ path, record: true });
  render(
    <Router hook={hook}>
      <Route path="/waitlist/offer/:token" component={WaitlistOfferPage} />
      <Route path="/waitlist/leave/:token" component={WaitlistLeavePage} />
      <Route path="/confirmation">confirmation page</Route>
    </Router>,
  );
  return history;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('WaitlistOfferPage', () => {
  it('should show the held seat, its countdown and the prices, and register in person into it with the token', async () => {
    const calls = stubApi({
      [`GET /api/waitlist/offers/`]: () => reply(200, offer()),
      [`GET /api/classes/${CLASS}`]: () => reply(200, cls),
      'POST /api/students/register': () =>
        reply(201, {
          id: 's1',
          firstName: 'Rosa',
          lastName: 'Park',
          email: 'rosa@example.com',
          organizationId: ORG,
          classEnrollments: [{ id: 'en1', classId: CLASS, paymentStatus: 'pending', paymentMethod: 'in-person' }],
        }),
    });
    const history = renderPage(`/waitlist/offer/${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your seat from the waitlist' })).toBeTruthy();
    await screen.findByText('Ana Lima');
    expect(calls[0].path).toBe(`/api/waitlist/offers/${encodeURIComponent(TOKEN)}`);
    // countdown in hours, spoken coarsely
    expect(document.querySelector('.hold-timer__clock')?.textContent).toMatch(/^23:0[45]:\d\d$/);
    expect(screen.getByText('Your seat is held for about 23 hours.')).toBeTruthy();
    expect(screen.getByText('Seat held until')).toBeTruthy();
    expect(screen.getByText('$30')).toBeTruthy();
    expect(screen.getByText('$40')).toBeTruthy();
    // the offer's details fill the registration form
    const email = screen.getByLabelText(/^Email Address/) as HTMLInputElement;
    expect(email.value).toBe('rosa@example.com');
    // the offer is for this address (the server refuses another)
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('The seat is held for this email address.')).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment Method' })).toBeTruthy();
    // the offer takes no card: in person only, no card lookups, no 'unavailable' panel
    expect(screen.queryByRole('radio', { name: /Pay by Card/ })).toBeNull();
    expect(screen.queryByText(/Payment System Unavailable/)).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/connect/status'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reserve My Spot' }));
    await waitFor(() => expect(history.at(-1)).toBe(`/confirmation?org=${ORG}`));
    const register = calls.find((c) => c.path === '/api/students/register');
    expect(register?.body).toMatchObject({
      firstName: 'Rosa',
      email: 'rosa@example.com',
      communicationOptIn: false,
      organizationId: ORG,
      waitlistOfferToken: TOKEN,
      classEnrollments: [{ classId: CLASS, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    });
    expect(JSON.parse(sessionStorage.getItem('classlane.confirmation') ?? '{}')).toMatchObject({
      paymentMethod: 'in-person',
      amount: 30,
      enrollmentId: 'en1',
      classDetails: { title: 'Watercolor Basics', instructor: 'Ana Lima', location: 'Studio A' },
    });
  });

  it('should offer the card when the offer and the organization take cards', async () => {
    const calls = stubApi({
      [`GET /api/waitlist/offers/`]: () => reply(200, offer({ acceptsCard: true })),
      [`GET /api/classes/${CLASS}`]: () => reply(200, cls),
      'GET /api/stripe/config': () => reply(200, { publicKey: '', environment: 'test' }),
      'GET /api/connect/status/': () => reply(200, { hasAccount: true, charges_enabled: true }),
    });
    renderPage(`/waitlist/offer/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment Method' });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/connect/status'))).toBe(true));
  });

  it('should say plainly that an expired or used offer is no longer available', async () => {
    stubApi({ [`GET /api/waitlist/offers/`]: () => reply(410, null, 'This offer has expired.') });
    renderPage(`/waitlist/offer/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This offer is no longer available');
    expect(alert.textContent).toContain('This offer has expired.');
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });

  it('should call a bad link a bad link', async () => {
    stubApi({});
    renderPage('/waitlist/offer/nonsense');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This waitlist link is not valid.');
  });

  it('should release the form when the held seat runs out', async () => {
    stubApi({
      [`GET /api/waitlist/offers/`]: () => reply(200, offer({ offerExpiresAt: new Date(Date.now() + 1_500).toISOString() })),
      [`GET /api/classes/${CLASS}`]: () => reply(200, cls),
    });
    renderPage(`/waitlist/offer/${TOKEN}`);
    await screen.findByRole('button', { name: 'Continue to Payment' });
    expect(await screen.findByText('This offer has expired', {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByText('The time to register has run out and your held seat was released.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });

  it('should end the page when the offer lapses while registering', async () => {
    stubApi({
      [`GET /api/waitlist/offers/`]: () => reply(200, offer()),
      [`GET /api/classes/${CLASS}`]: () => reply(200, cls),
      'POST /api/students/register': () => reply(410, null, 'This offer has expired.'),
    });
    renderPage(`/waitlist/offer/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    expect(await screen.findByText('This offer is no longer available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View class details' }).getAttribute('href')).toBe(`/class/${CLASS}?organizationId=${ORG}`);
  });
});

describe('WaitlistOfferPage with a waiver', () => {
  const WAIVER = { id: 'c0000000-0000-4000-8000-000000000001', versionId: 'd0000000-0000-4000-8000-000000000001' };
  const withWaiver = {
    ...cls,
    questions: [],
    waivers: [{ ...WAIVER, title: 'Paint waiver', version: 1, body: 'Wet paint.', bodyHtml: '<p>Wet paint.</p>', sha256: 'x'.repeat(64) }],
  };
  const twelve = () => {
    const d = new Date();
    return `${d.getFullYear() - 12}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const MINOR =
    'Rosa Park is under 18 on the first day of class: a parent or guardian must sign “Paint waiver” for them. ' +
    'Enter the parent or guardian’s full name and have them type it to sign';

  it('should have the waiver signed, by a parent or guardian for a student under 18, and show the server’s refusal on it', async () => {
    let answer = () =>
      new Response(JSON.stringify({ success: false, data: null, error: MINOR, errors: { [`waivers.${WAIVER.id}`]: MINOR } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    const calls = stubApi({
      [`GET /api/waitlist/offers/`]: () => reply(200, offer()),
      [`GET /api/classes/${CLASS}`]: () => reply(200, withWaiver),
      'POST /api/students/register': () => answer(),
    });
    renderPage(`/waitlist/offer/${encodeURIComponent(TOKEN)}`);
    await screen.findByRole('region', { name: 'Paint waiver (version 1)' });
    // The student signs for themself (no date of birth given): the server's refusal comes back to the waiver.
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    fireEvent.change(screen.getByLabelText(/^Type your full name to sign/), { target: { value: 'Rosa Park' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    await screen.findByRole('heading', { level: 2, name: 'Student Information' });
    const own = screen.getByLabelText(/^Type your full name to sign/);
    expect(document.getElementById(own.getAttribute('aria-describedby') ?? '')?.textContent).toContain(MINOR);
    // The date of birth says 12: the parent or guardian is asked, and signs.
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: twelve() } });
    expect(screen.getByRole('group', { name: 'Parent or guardian' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Parent or guardian’s full name/), { target: { value: 'Min Park' } });
    fireEvent.change(screen.getByLabelText(/^Parent or guardian: type your full name to sign/), { target: { value: 'Min Park' } });
    answer = () => reply(201, { id: 's1', organizationId: ORG, classEnrollments: [{ id: 'en1', classId: CLASS }] });
    await new Promise((r) => setTimeout(r, 1100)); // the form's 1 s submit debounce
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/students/register')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/students/register')[1].body).toMatchObject({
      waitlistOfferToken: TOKEN,
      dateOfBirth: twelve(),
      guardian: { name: 'Min Park' },
      waiverAcceptances: [{ waiverVersionId: WAIVER.versionId, signedName: 'Min Park' }],
    });
  });
});

describe('WaitlistLeavePage', () => {
  it('should change nothing on opening, then leave with the button', async () => {
    const calls = stubApi({ 'POST /api/waitlist/leave/': () => reply(201, { status: 'left' }) });
    renderPage(`/waitlist/leave/${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Leave the waitlist' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have left the waitlist' })).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: `/api/waitlist/leave/${encodeURIComponent(TOKEN)}`, body: {} }]);
  });

  it('should say why leaving failed and keep the button', async () => {
    stubApi({ 'POST /api/waitlist/leave/': () => reply(404, null, 'Not found') });
    renderPage(`/waitlist/leave/${TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This waitlist link is not valid.');
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeTruthy();
  });
});
