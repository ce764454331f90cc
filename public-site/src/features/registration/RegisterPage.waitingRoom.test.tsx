import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RegisterPage } from './RegisterPage';
import { ticketKey } from './waitingRoom';

/** The opening's waiting room on the registration page: a place in line, the line, then the form by itself. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS_ID = '486f36a9-a089-445a-9c44-8cb266b86655';
// The opening came a little while ago (whole seconds, as the server stores it); the waiting room stays on for an hour.
const OPENS_AT = new Date(Math.floor((Date.now() - 10_000) / 1000) * 1000).toISOString();
const CLASS = {
  id: CLASS_ID,
  organizationId: ORG,
  title: 'Pottery Wheel',
  description: '',
  instructor: 'Kim',
  location: 'Studio 2',
  status: 'Open',
  price: 100,
  discountPrice: null,
  maxStudents: 10,
  enrolledStudents: 0,
  startDate: new Date(Date.now() + 30 * 86400000).toISOString(),
  duration: 60,
  days: 1,
  schedule: 'Weekly',
  sessions: [],
  information: '',
  materials: [],
  registrationWindow: {
    opensAt: OPENS_AT,
    closesAt: null,
    earlyAccessOpensAt: null,
    timeZone: 'America/New_York',
    waitingRoomUntil: new Date(Date.now() + 3600_000).toISOString(),
  },
};

const reply = (status: number, data: unknown, error: string | null = null, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ success: status < 400, data, error, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A place whose turn comes `inMs` from now. */
const place = (n: number, inMs: number) => {
  const admitAt = Date.now() + inMs;
  return {
    ticket: `ticket-${n}`,
    position: n,
    opensAt: OPENS_AT,
    admitAt: new Date(admitAt).toISOString(),
    expiresAt: new Date(admitAt + 30 * 60_000).toISOString(),
  };
};

let calls: { path: string; body: Record<string, unknown> | undefined }[] = [];
function stubApi(routes: { tickets: () => Response; register?: () => Response; waitlist?: () => Response }, cls: object = CLASS) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === `/api/public/organizations/${ORG}/waiting-room/tickets`) return routes.tickets();
      if (path === '/api/students/register') return (routes.register ?? registered)();
      if (path === `/api/classes/${CLASS_ID}/waitlist`) return routes.waitlist!();
      if (path === '/api/students/check-enrollment') return reply(200, { enrolled: false, classFull: false });
      if (path.startsWith('/api/classes/')) return reply(200, cls);
      if (path.startsWith('/api/connect/status/')) return reply(200, { hasAccount: false, charges_enabled: false });
      return reply(404, null, 'Not found');
    }),
  );
}
const registered = () =>
  reply(201, {
    id: 's1',
    organizationId: ORG,
    firstName: 'Ana',
    lastName: 'Martinez',
    email: 'ana@example.com',
    phone: '5595551234',
    communicationOptIn: true,
    classEnrollments: [{ id: 'e1', classId: CLASS_ID }],
  });

function renderPage() {
  const { hook } = memoryLocation({ path: `/register/${CLASS_ID}?org=${ORG}` });
  return render(
    <Router hook={hook}>
      <Route path="/register/:classId" component={RegisterPage} />
      <Route path="/confirmation">Confirmed</Route>
    </Router>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function fillAndReserve() {
  await screen.findByRole('heading', { name: 'Student Information' }, { timeout: 5000 });
  type(/^First Name/, 'Ana');
  type(/^Last Name/, 'Martinez');
  type(/^Email Address/, 'ana@example.com');
  type(/^Phone Number/, '5595551234');
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
}
const ticketPosts = () => calls.filter((c) => c.path.endsWith('/waiting-room/tickets'));
const registrations = () => calls.filter((c) => c.path === '/api/students/register');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RegisterPage at an opening with a waiting room', () => {
  it('should show the line until the turn, then open the form by itself and send the place with the registration', async () => {
    stubApi({ tickets: () => reply(201, place(4, 2500)) });
    renderPage();
    await screen.findByRole('heading', { name: "You're in line" });
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    expect(
      screen.getByText(/^Registration for Pottery Wheel opened \w+day, \w+ \d+ at \d+:\d\d [AP]M\. To keep registration fast/),
    ).toBeTruthy();
    expect(
      screen.getByText(/To keep registration fast for everyone, people are let in a few at a time, in the order they arrived\./),
    ).toBeTruthy();
    expect(screen.getByText('Keep this page open: the form opens by itself when it is your turn.')).toBeTruthy();
    const clock = document.querySelector('.waiting-room__clock')!;
    expect(clock.textContent).toMatch(/^0:0[23]$/);
    expect(screen.getByText(/^Your turn in/, { selector: '.waiting-room__turn > span[aria-hidden]' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your turn in less than 1 minute.');
    // This place came without the rate (an older server): no count of the people ahead.
    expect(document.querySelector('.waiting-room__ahead')).toBeNull();
    expect(screen.queryByText(/People ahead of you/)).toBeNull();
    // No form while in line.
    expect(screen.queryByLabelText(/^First Name/)).toBeNull();
    expect(ticketPosts()).toHaveLength(1);
    expect(ticketPosts()[0].body).toEqual({ classId: CLASS_ID });
    // The place is kept for this organization's opening.
    expect(JSON.parse(sessionStorage.getItem(ticketKey(ORG, OPENS_AT))!).ticket).toBe('ticket-4');

    await fillAndReserve();
    await waitFor(() => expect(registrations()).toHaveLength(1));
    expect(registrations()[0].body).toMatchObject({ email: 'ana@example.com', waitingRoomTicket: 'ticket-4' });
    await screen.findByText('Confirmed');
    // The line never asked the server again while counting down.
    expect(ticketPosts()).toHaveLength(1);
  });

  it('should show the people ahead under the countdown, falling on its tick, and say them once a minute', async () => {
    // 1,800 a minute and a turn 90 s away: 2,700 people ahead, 30 fewer every second.
    stubApi({ tickets: () => reply(201, { ...place(2701, 90_000), admitPerMinute: 1800 }) });
    renderPage();
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    const ahead = () => document.querySelector('.waiting-room__ahead')?.textContent ?? '';
    const count = () => Number(/^People ahead of you: ([\d,]+)$/.exec(ahead())![1].replace(/,/g, ''));
    expect(ahead()).toMatch(/^People ahead of you: 2,(700|69\d)$/);
    // Visual only, under the countdown; the live region says it with the wait.
    expect(document.querySelector('.waiting-room__ahead')!.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.waiting-room__turn > .waiting-room__ahead')).not.toBeNull();
    const said = screen.getByRole('status').textContent;
    expect(said).toMatch(/^Your turn in 2 minutes\. People ahead of you: 2,(700|69\d)\.$/);
    const first = count();
    await waitFor(() => expect(count()).toBeLessThanOrEqual(first - 10), { timeout: 2000 });
    // The count fell on screen, but the live region did not change: the wait's spoken form is still '2 minutes'.
    expect(screen.getByRole('status').textContent).toBe(said);
    // Computed in the browser: no second request.
    expect(ticketPosts()).toHaveLength(1);
  });

  it('should say the people ahead anew when the spoken wait changes, with the count of that moment', async () => {
    // 30 a minute (one every 2 s) and a turn 60.6 s away: '2 minutes', then 'less than 1 minute' with 30 ahead.
    stubApi({ tickets: () => reply(201, { ...place(31, 60_600), admitPerMinute: 30 }) });
    renderPage();
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    expect(screen.getByRole('status').textContent).toBe('Your turn in 2 minutes. People ahead of you: 31.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Your turn in less than 1 minute\./), { timeout: 3000 });
    expect(screen.getByRole('status').textContent).toMatch(/^Your turn in less than 1 minute\. People ahead of you: (30|29)\.$/);
  });

  it("should open the form at the turn even when the browser's timers wake a little early", async () => {
    // Browsers may run a timer a moment before its delay (and the server clock's offset has fractions of a
    // millisecond): the page must look again rather than stay in line at 0:00.
    const realSetTimeout = window.setTimeout.bind(window);
    vi.spyOn(window, 'setTimeout').mockImplementation(((fn: () => void, delay?: number) =>
      realSetTimeout(fn, Math.max(0, (delay ?? 0) - 5))) as unknown as typeof window.setTimeout);
    stubApi({ tickets: () => reply(201, place(3, 1200)) });
    renderPage();
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    await screen.findByRole('heading', { name: 'Student Information' }, { timeout: 4000 });
    vi.restoreAllMocks();
  });

  it('should keep the place on a reload: the same turn, no new place taken', async () => {
    stubApi({ tickets: () => reply(201, place(7, 60_000)) });
    const first = renderPage();
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    expect(document.querySelector('.waiting-room__clock')!.textContent).toMatch(/^(1:00|0:59)$/);
    first.unmount();
    renderPage();
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.');
    expect(document.querySelector('.waiting-room__clock')!.textContent).toMatch(/^(1:00|0:59|0:58)$/);
    expect(ticketPosts()).toHaveLength(1);
  });

  it('should take a place by itself at the opening when the page was opened before it', async () => {
    const opensAt = Date.now() + 1500;
    let askedAt = 0;
    stubApi(
      {
        tickets: () => {
          askedAt = Date.now();
          return reply(201, { ...place(1, 60_000), opensAt: new Date(opensAt).toISOString() });
        },
      },
      { ...CLASS, registrationWindow: { ...CLASS.registrationWindow, opensAt: new Date(opensAt).toISOString() } },
    );
    renderPage();
    // Before the opening: the notice and the form, no place taken.
    await screen.findByText('Registration is not open yet');
    expect(screen.getByRole('heading', { name: 'Student Information' })).toBeTruthy();
    expect(ticketPosts()).toHaveLength(0);
    // At the opening, without a reload: a place, and the line.
    await screen.findByText('Keep this page open: the form opens by itself when it is your turn.', undefined, { timeout: 5000 });
    expect(askedAt).toBeGreaterThanOrEqual(opensAt);
    expect(ticketPosts()).toHaveLength(1);
    expect(screen.queryByText('Registration is not open yet')).toBeNull();
  });

  it('should open the form at once when the opening has no line now, and send no place', async () => {
    stubApi({
      tickets: () =>
        reply(409, null, 'Registration for Pottery Wheel does not go through a waiting room now.', { code: 'NO_WAITING_ROOM' }),
    });
    renderPage();
    await fillAndReserve();
    await waitFor(() => expect(registrations()).toHaveLength(1));
    expect(registrations()[0].body).not.toHaveProperty('waitingRoomTicket');
    expect(ticketPosts()).toHaveLength(1);
  });

  it('should take a new place when the server says the place expired, and wait again when it is not the turn yet', async () => {
    let n = 0;
    const answers = [
      () =>
        reply(409, null, 'Your place in line for Pottery Wheel has expired: take a new place in line.', {
          code: 'WAITING_ROOM',
          waitingRoomUntil: CLASS.registrationWindow.waitingRoomUntil,
        }),
      () =>
        reply(409, null, 'It is not your turn yet.', {
          code: 'WAITING_ROOM_NOT_YET',
          admitAt: new Date(Date.now() + 2000).toISOString(),
        }),
      registered,
    ];
    stubApi({ tickets: () => reply(201, place(++n, 0)), register: () => answers[registrations().length - 1]() });
    renderPage();
    await fillAndReserve();
    // Refused as expired: a second place is taken (its turn is now) and the payment step comes back.
    await waitFor(() => expect(ticketPosts()).toHaveLength(2));
    expect(JSON.parse(sessionStorage.getItem(ticketKey(ORG, OPENS_AT))!).ticket).toBe('ticket-2');
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    // Not the turn yet on the server's word: the line again, then the payment step by itself.
    await screen.findByRole('heading', { name: "You're in line" });
    expect(registrations()[1].body).toMatchObject({ waitingRoomTicket: 'ticket-2' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }, { timeout: 5000 }));
    await screen.findByText('Confirmed');
    expect(registrations()).toHaveLength(3);
    expect(registrations()[2].body).toMatchObject({ waitingRoomTicket: 'ticket-2' });
  });

  it('should send the place with a waitlist join on a full class', async () => {
    stubApi(
      {
        tickets: () => reply(201, place(2, 0)),
        waitlist: () => reply(201, { id: 'w1', position: 1, classId: CLASS_ID, status: 'waiting' }),
      },
      { ...CLASS, enrolledStudents: 10, status: 'Full', waitlistOpen: true },
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Join the waitlist' }, { timeout: 5000 });
    type(/^First Name/, 'Ana');
    type(/^Last Name/, 'Martinez');
    type(/^Email Address/, 'ana@example.com');
    type(/^Phone Number/, '5595551234');
    fireEvent.click(screen.getByRole('button', { name: /waitlist/i }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/waitlist'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/waitlist'))!.body).toMatchObject({ waitingRoomTicket: 'ticket-2' });
  });
});
