import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalEnrollment, PortalRegistrations, PortalSession } from './api/portal';
import { EnrollmentCard } from './EnrollmentCard';

const registration = (dropIn: boolean, cancelledSessions: string[] = []) =>
  ({
    id: 'e1',
    status: 'active',
    paymentMethod: 'in-person',
    paymentStatus: 'pending',
    amountPaid: 0,
    refundedAmount: 0,
    balanceDue: 0,
    canCancel: false,
    canTransfer: false,
    dropIn,
    student: { id: 's1', firstName: 'Dana', lastName: 'Student' },
    class: { title: 'Evening Ceramics', location: 'Studio A', sessions: ['2031-03-05T01:00:00.000Z'], cancelledSessions },
  }) as unknown as PortalEnrollment;

const data = {
  student: { id: 's1' },
  organization: { name: 'Clay Studio', email: 'hello@clay.test', phone: null },
  rules: { selfService: false },
} as unknown as PortalRegistrations;

/** Issue 39 §3: a drop-in shows on the portal as its own registration for one session, and says so. */
describe('EnrollmentCard', () => {
  afterEach(cleanup);

  it('labels a drop-in as one session only', () => {
    render(<EnrollmentCard e={registration(true)} session={{} as PortalSession} data={data} onChanged={() => undefined} />);
    expect(screen.getByText(/Drop-in: this session only/)).toBeTruthy();
  });

  it('lists the sessions the organization cancelled', () => {
    render(
      <EnrollmentCard
        e={registration(false, ['2031-03-12T01:00:00.000Z'])}
        session={{} as PortalSession}
        data={data}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByText(/^Cancelled session: /)).toBeTruthy();
  });

  it('says nothing of drop-ins for a whole-class registration', () => {
    render(<EnrollmentCard e={registration(false)} session={{} as PortalSession} data={data} onChanged={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Evening Ceramics' })).toBeTruthy();
    expect(screen.queryByText(/Drop-in/)).toBeNull();
  });
});
