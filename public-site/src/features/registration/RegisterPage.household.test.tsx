import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RegisterPage } from './RegisterPage';

/** 'Add another person' on the registration page. */
const ORG = 'a0000000-0000-4000-8000-000000000001';
const CLASS_ID = '486f36a9-a089-445a-9c44-8cb266b86655';
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
};

const reply = (status: number, data: unknown, error: string | null = null) =>
  new Response(JSON.stringify({ success: status < 400, data, error }), { status, headers: { 'Content-Type': 'application/json' } });

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

async function fillContactAndTwoChildren() {
  await screen.findByRole('heading', { name: 'Student Information' });
  type(/^First Name/, 'Ana');
  type(/^Last Name/, 'Martinez');
  type(/^Email Address/, 'ana@example.com');
  type(/^Phone Number/, '5595551234');
  fireEvent.click(screen.getByRole('button', { name: 'Add another person' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add another person' }));
  const [p2, p3] = [screen.getByRole('group', { name: 'Person 2' }), screen.getByRole('group', { name: 'Person 3' })];
  type(/First Name/, 'Emma', p2);
  type(/Last Name/, 'Martinez', p2);
  type(/Date of Birth/, '2016-04-12', p2);
  type(/First Name/, 'Liam', p3);
  type(/Last Name/, 'Martinez', p3);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage household rows', () => {
  it('should add and remove people, show the total for everyone, and send them all as attendees', async () => {
    stubApi(() =>
      reply(201, {
        id: 's1',
        organizationId: ORG,
        firstName: 'Ana',
        lastName: 'Martinez',
        email: 'ana@example.com',
        phone: '5595551234',
        communicationOptIn: true,
        classEnrollments: [{ id: 'e1', classId: CLASS_ID }],
      }),
    );
    renderPage();
    await fillContactAndTwoChildren();
    expect(screen.getByLabelText(/I am attending too/)).toHaveProperty('checked', true);
    expect(screen.getByText('Total for 3 people').nextElementSibling?.textContent).toBe('$240');
    // Remove one, then the contact stays home: one seat left to pay.
    fireEvent.click(screen.getByRole('button', { name: 'Remove person 3' }));
    fireEvent.click(screen.getByLabelText(/I am attending too/));
    expect(screen.queryByText(/^Total for/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/I am attending too/));
    expect(screen.getByText('Total for 2 people').nextElementSibling?.textContent).toBe('$160');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('button', { name: 'Reserve My Spot' });
    expect(screen.getByText(/Reserve your spot now and pay \$160/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reserve My Spot' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/students/register')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/students/register')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      firstName: 'Ana',
      email: 'ana@example.com',
      attendees: [
        { firstName: 'Ana', lastName: 'Martinez' },
        { firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-04-12' },
      ],
    });
  });

  it('should block the step on an invalid person and name the class that ran out on 409', async () => {
    stubApi(() => reply(409, null, 'Only 2 seats are left in Pottery Wheel'));
    renderPage();
    await fillContactAndTwoChildren();
    type(/Last Name/, 'M', screen.getByRole('group', { name: 'Person 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Last name must be at least 2 characters long')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/students/check-enrollment')).toBe(false);
    type(/Last Name/, 'Martinez', screen.getByRole('group', { name: 'Person 3' }));
    await new Promise((r) => setTimeout(r, 1100)); // the form's 1 s submit debounce
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only 2 seats are left in Pottery Wheel');
  });
});
