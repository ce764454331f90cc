import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassItem } from '@/lib/models';
import { OrgCalendar } from './OrgCalendar';

/** A cancelled class looked like any other on the calendar (desktop cell and mobile list). */
const today = new Date();
const at = (day: number) => new Date(today.getFullYear(), today.getMonth(), day, 18, 0);
const cls = (over: Partial<ClassItem>): ClassItem => ({
  id: 'c1',
  organizationId: 'o1',
  title: 'Pottery',
  description: '',
  instructor: '',
  location: '',
  status: 'Open',
  price: 10,
  discountPrice: null,
  maxStudents: 10,
  enrolledStudents: 0,
  waitlistOpen: false,
  startDate: at(10),
  duration: 60,
  days: 1,
  schedule: 'Weekly',
  sessions: [],
  information: '',
  materials: [],
  minEnrollment: 0,
  decisionHoursBefore: 48,
  autoCancelBelowMinimum: false,
  goNoGo: 'pending',
  decidedAt: null,
  termId: null,
  termName: null,
  locationId: null,
  roomId: null,
  instructorId: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  registrationWindow: { opensAt: null, closesAt: null, earlyAccessOpensAt: null, timeZone: null, waitingRoomUntil: null },
  ...over,
});
const classes = [cls({}), cls({ id: 'c2', title: 'Watercolour', status: 'Cancelled', startDate: at(12) })];

function viewport(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each([
  ['desktop cell', true],
  ['mobile list', false],
])('OrgCalendar %s', (_, desktop) => {
  it("should mark a cancelled class 'Cancelled' and strike it through, and leave open classes as they are", () => {
    viewport(desktop);
    render(<OrgCalendar classes={classes} organizationId="o1" />);
    const cancelled = screen.getAllByRole('link', { name: /Watercolour/ })[0];
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).getByText('Watercolour').closest('s')).not.toBeNull();
    const open = screen.getAllByRole('link', { name: /Pottery/ })[0];
    expect(within(open).queryByText('Cancelled')).toBeNull();
    expect(within(open).getByText('Pottery').closest('s')).toBeNull();
  });
});
