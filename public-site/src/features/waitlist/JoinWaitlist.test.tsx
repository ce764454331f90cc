import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ClassDetailPage } from '@/features/class-detail/ClassDetailPage';
import { RegisterPage } from '@/features/registration/RegisterPage';
import { reply, stubApi } from './testApi';

/** A full class offers 'Join the waitlist' with the registration form's fields, then states the place. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS = '486f36a9-a089-445a-9c44-8cb266b86655';

const fullClass = (status = 'Closed') => ({
  id: CLASS,
  organizationId: ORG,
  title: 'Watercolor Basics',
  description: 'Paint.',
  instructor: 'Ana',
  location: 'Studio A',
  status,
  startDate: '2026-12-05T17:00:00.000Z',
  days: 1,
  schedule: 'Consecutive',
  duration: 60,
  price: 40,
  discountPrice: null,
  maxStudents: 8,
  enrolledStudents: 8,
  waitlistOpen: status !== 'Cancelled' && status !== 'Archived',
  information: '',
  materials: [],
  sessions: [],
});

function renderAt(path: string, pattern: string, page: () => React.ReactNode) {
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <Route path={pattern} component={page} />
    </Router>,
  );
}

function fill() {
  fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Rosa' } });
  fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Park' } });
  fireEvent.change(screen.getByLabelText(/^Email Address/), { target: { value: 'rosa@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Phone Number/), { target: { value: '5595551234' } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Join the waitlist on the registration page', () => {
  it('should show the waitlist form on a full class and state the position after joining', async () => {
    const calls = stubApi({
      [`GET /api/classes/${CLASS}`]: () => reply(200, fullClass()),
      [`POST /api/classes/${CLASS}/waitlist`]: () => reply(201, { entryId: 'e1', position: 3 }),
    });
    renderAt(`/register/${CLASS}?org=${ORG}`, '/register/:classId', RegisterPage);
    expect(await screen.findByRole('heading', { level: 2, name: 'Join the waitlist' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Registration steps' })).toBeNull();
    expect(screen.getByText(/All 8 spots are taken/)).toBeTruthy();
    // the registration form's own opt-in
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    const button = screen.getByRole('button', { name: 'Join the waitlist' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fill();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'You are on the waitlist' })).toBeTruthy();
    expect(screen.getByText('You are number 3 on the waitlist')).toBeTruthy();
    expect(screen.getByText(/Already on this waitlist with this email address\? Your place has not changed\./)).toBeTruthy();
    const join = calls.find((c) => c.method === 'POST');
    expect(join?.path).toBe(`/api/classes/${CLASS}/waitlist`);
    expect(join?.body).toEqual({
      organizationId: ORG,
      firstName: 'Rosa',
      lastName: 'Park',
      email: 'rosa@example.com',
      phone: '(559) 555-1234',
      communicationOptIn: true,
      // The page's language: the waitlist's messages are written in it (issue 42 §2).
      language: 'en',
    });
  });

  it("should validate with the registration form's rules before any call", async () => {
    const calls = stubApi({ [`GET /api/classes/${CLASS}`]: () => reply(200, fullClass('Open')) });
    renderAt(`/register/${CLASS}?org=${ORG}`, '/register/:classId', RegisterPage);
    await screen.findByRole('heading', { level: 2, name: 'Join the waitlist' });
    const first = screen.getByLabelText(/^First Name/);
    fireEvent.change(first, { target: { value: 'R' } });
    fireEvent.blur(first);
    expect(screen.getByText('First name must be at least 2 characters long')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("should show the server's refusal (a seat is free: register instead)", async () => {
    stubApi({
      [`GET /api/classes/${CLASS}`]: () => reply(200, fullClass()),
      [`POST /api/classes/${CLASS}/waitlist`]: () => reply(409, null, 'A seat is free in this class: please register instead.'),
    });
    renderAt(`/register/${CLASS}?org=${ORG}`, '/register/:classId', RegisterPage);
    await screen.findByRole('heading', { level: 2, name: 'Join the waitlist' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A seat is free in this class: please register instead.');
  });

  it('should switch to the waitlist when the enrollment check finds the class full', async () => {
    stubApi({
      [`GET /api/classes/${CLASS}`]: () => reply(200, { ...fullClass('Open'), enrolledStudents: 7, waitlistOpen: false }),
      'POST /api/students/check-enrollment': () => reply(200, { enrolled: false, classFull: true }),
    });
    renderAt(`/register/${CLASS}?org=${ORG}`, '/register/:classId', RegisterPage);
    await screen.findByRole('heading', { level: 2, name: 'Student Information' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Join the waitlist' })).toBeTruthy();
    // what was typed is kept
    expect((screen.getByLabelText(/^Email Address/) as HTMLInputElement).value).toBe('rosa@example.com');
  });
});

describe('Join the waitlist on the class page', () => {
  it('should replace Register Now with Join the waitlist on a full class', async () => {
    stubApi({ [`GET /api/classes/${CLASS}`]: () => reply(200, fullClass('Open')) });
    renderAt(`/class/${CLASS}?organizationId=${ORG}`, '/class/:id', ClassDetailPage);
    await screen.findByRole('heading', { level: 1, name: 'Watercolor Basics' });
    const links = screen.getAllByRole('link', { name: 'Join the waitlist' });
    expect(links.length).toBeGreaterThan(0);
    expect(links[0].getAttribute('href')).toBe(`/register/${CLASS}?org=${ORG}`);
    expect(screen.queryByRole('link', { name: 'Register Now' })).toBeNull();
    expect(screen.getByText('Class is full: waitlist open')).toBeTruthy();
  });

  it('should not offer the waitlist of a full class an admin closed by hand (the server would refuse the entry)', async () => {
    stubApi({ [`GET /api/classes/${CLASS}`]: () => reply(200, { ...fullClass('Closed'), waitlistOpen: false }) });
    renderAt(`/class/${CLASS}?organizationId=${ORG}`, '/class/:id', ClassDetailPage);
    await screen.findByRole('heading', { level: 1, name: 'Watercolor Basics' });
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).toBeNull();
    expect(screen.getByText('Class is closed')).toBeTruthy();
  });

  it('should keep Register Now while a seat is free', async () => {
    stubApi({ [`GET /api/classes/${CLASS}`]: () => reply(200, { ...fullClass('Open'), enrolledStudents: 3, waitlistOpen: false }) });
    renderAt(`/class/${CLASS}?organizationId=${ORG}`, '/class/:id', ClassDetailPage);
    await screen.findByRole('heading', { level: 1, name: 'Watercolor Basics' });
    expect(screen.getAllByRole('link', { name: 'Register Now' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).toBeNull();
  });
});
