import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, HttpError, testDataProvider } from 'react-admin';
import { makeQueryClient } from '@/providers/queryClient';
import { ThemeProvider, createTheme } from '@mui/material';
import { splitWaitlist, WAITLIST_EMPTY, WaitlistSection } from '@/resources/classes/WaitlistSection';
import type { ClassRecord, WaitlistEntry } from '@/providers/types';

const CLASS = {
  id: 'c1',
  title: 'Watercolor Basics',
  enrolledStudents: 8,
  maxStudents: 8,
  updatedAt: '2026-11-23T10:00:00Z',
} as ClassRecord;

const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: 'w1',
  position: 1,
  status: 'waiting',
  firstName: 'Rosa',
  lastName: 'Park',
  email: 'rosa@example.com',
  phone: '(559) 555-1234',
  communicationOptIn: true,
  joinedAt: '2026-11-20T15:00:00Z',
  offeredAt: null,
  offerExpiresAt: null,
  registrationCancelledAt: null,
  ...over,
});

const ENTRIES = [
  entry({
    id: 'w2',
    position: 2,
    firstName: 'Ben',
    lastName: 'Ito',
    email: 'ben@example.com',
    phone: '',
    joinedAt: '2026-11-21T15:00:00Z',
  }),
  entry({ id: 'w1', position: 1, status: 'offered', offeredAt: '2026-11-23T09:00:00Z', offerExpiresAt: '2026-11-24T09:00:00Z' }),
  entry({ id: 'w3', position: null, status: 'lapsed', firstName: 'Cy', lastName: 'Old', joinedAt: '2026-11-19T15:00:00Z' }),
];

function renderSection(methods: Record<string, (...args: never[]) => Promise<unknown>>) {
  const dataProvider = { ...testDataProvider(), ...methods };
  render(
    <ThemeProvider theme={createTheme()}>
      <CoreAdminContext dataProvider={dataProvider} queryClient={makeQueryClient()}>
        <WaitlistSection record={CLASS} />
      </CoreAdminContext>
    </ThemeProvider>,
  );
}

afterEach(cleanup);

describe('splitWaitlist', () => {
  it('should order waiting and offered entries by position and keep the rest as history', () => {
    const { active, past } = splitWaitlist(ENTRIES);
    expect(active.map((e) => e.id)).toEqual(['w1', 'w2']);
    expect(past.map((e) => e.id)).toEqual(['w3']);
  });
});

describe(WaitlistSection.name, () => {
  it('should show the empty state', async () => {
    renderSection({ getWaitlist: async () => [] });
    expect(await screen.findByText(WAITLIST_EMPTY)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Waitlist (0)' })).toBeTruthy();
  });

  it('should list position, name, contact, joined and the offer with its expiry', async () => {
    renderSection({ getWaitlist: async () => ENTRIES });
    const list = await screen.findByRole('list', { name: 'Waitlist' });
    const rows = within(list).getAllByTestId('waitlist-entry');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('1. Rosa Park');
    expect(rows[0].textContent).toContain('Seat offered');
    expect(rows[0].textContent).toContain('rosa@example.com · (559) 555-1234');
    expect(rows[0].textContent).toMatch(/Joined Nov 20, 2026.*Offer expires Nov 24, 2026/);
    expect(rows[1].textContent).toContain('2. Ben Ito');
    expect(rows[1].textContent).toContain('Waiting');
    expect(rows[1].textContent).not.toContain('Offer expires');
    // an offered entry already holds a seat: no second offer; the first cannot move up, the last not down
    expect(within(rows[0]).queryByRole('button', { name: /Offer seat now/ })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Offer seat now to Ben Ito' })).toBeTruthy();
    expect((within(rows[0]).getByRole('button', { name: 'Move Rosa Park up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rows[1]).getByRole('button', { name: 'Move Ben Ito down' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Waitlist (2)' })).toBeTruthy();
    expect(screen.getByText('1 seat is held for waitlist offers (counted in the enrollment) until accepted or lapsed.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Earlier waitlist entries' }).textContent).toContain('Cy Old · Offer lapsed');
  });

  it('should say what became of a registration made from an offer', async () => {
    const cancelledAt = '2026-11-24T16:30:00Z';
    renderSection({
      getWaitlist: async () => [
        entry({ id: 'w4', position: null, status: 'accepted', firstName: 'Al', lastName: 'Kept' }),
        entry({
          id: 'w5',
          position: null,
          status: 'registration_cancelled',
          firstName: 'Bo',
          lastName: 'Gone',
          registrationCancelledAt: cancelledAt,
        }),
        entry({ id: 'w6', position: null, status: 'registration_cancelled', firstName: 'Cy', lastName: 'Removed' }),
        entry({ id: 'w7', position: null, status: 'registration_lapsed', firstName: 'Di', lastName: 'Unpaid' }),
      ],
    });
    const past = (await screen.findByRole('list', { name: 'Earlier waitlist entries' })).textContent ?? '';
    expect(past).toContain('Al Kept · Registered · joined');
    const when = new Date(cancelledAt).toLocaleString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(past).toContain(`Bo Gone · Registration cancelled on ${when} · joined`);
    expect(past).toContain('Cy Removed · Registration cancelled · joined');
    expect(past).toContain('Di Unpaid · Accepted, card payment not completed · joined');
  });

  it('should move an entry up, offer a seat, and show the server refusal', async () => {
    const moveWaitlistEntry = vi.fn(async () => ({}));
    const offerWaitlistSeat = vi.fn(async () => {
      throw new HttpError('No seat is free to offer', 409);
    });
    renderSection({ getWaitlist: async () => ENTRIES, moveWaitlistEntry, offerWaitlistSeat });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Ben Ito up' }));
    await waitFor(() => expect(moveWaitlistEntry).toHaveBeenCalledWith('w2', 1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Offer seat now to Ben Ito' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Offer seat now to Ben Ito' }));
    expect(await screen.findByText('No seat is free to offer')).toBeTruthy();
    expect(offerWaitlistSeat).toHaveBeenCalledWith('w2');
  });

  it('should remove an entry after confirming', async () => {
    const removeWaitlistEntry = vi.fn(async () => ({}));
    renderSection({ getWaitlist: async () => ENTRIES, removeWaitlistEntry });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Rosa Park from the waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from waitlist' });
    expect(dialog.textContent).toContain('The seat held for them goes to the next person on the list.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removeWaitlistEntry).toHaveBeenCalledWith('w1'));
    expect(await screen.findByText('Rosa Park was removed from the waitlist.')).toBeTruthy();
  });

  it('should say when the waitlist cannot be loaded', async () => {
    renderSection({
      getWaitlist: async () => {
        throw new HttpError('boom', 500);
      },
    });
    expect(await screen.findByText('Failed to load the waitlist')).toBeTruthy();
  });
});
