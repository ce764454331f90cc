import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '@/providers/queryClient';
import type { Enrollment, PaymentDispute } from '@/providers/types';
import { DisputeLines, disputeLabel, disputeText, mayBeDisputed } from '@/resources/students/DisputeLines';

const disputes = vi.hoisted(() => ({ enrollmentDisputes: vi.fn() }));
vi.mock('@/providers/disputes', () => disputes);

const dispute = (over: Partial<PaymentDispute> = {}): PaymentDispute => ({
  stripeDisputeId: 'dp_1',
  paymentIntentId: 'pi_1',
  amount: 80,
  reason: 'product_not_received',
  status: 'needs_response',
  outcome: null,
  recoveredAmount: 77.6,
  recoveryError: null,
  createdAt: '2026-12-01T15:00:00.000Z',
  closedAt: null,
  ...over,
});

afterEach(cleanup);

describe('dispute lines', () => {
  it('labels an open, a won and a lost dispute', () => {
    expect(disputeLabel({ outcome: null })).toBe('Disputed');
    expect(disputeLabel({ outcome: 'won' })).toBe('Dispute won');
    expect(disputeLabel({ outcome: 'lost' })).toBe('Dispute lost');
  });

  it("says the amount, the bank's reason, and the share taken back (or that it could not be)", () => {
    expect(disputeText(dispute())).toMatch(
      /^\$80\.00 disputed by the payer's bank · product not received · .+ · \$77\.60 taken back from your payout$/,
    );
    expect(disputeText(dispute({ recoveredAmount: null, recoveryError: 'refused' }))).toMatch(
      /your share could not be taken back automatically$/,
    );
  });

  it('asks only for card payments that went through', () => {
    expect(mayBeDisputed({ id: 'e1', paymentMethod: 'card', paymentStatus: 'completed' })).toBe(true);
    expect(mayBeDisputed({ id: 'e1', paymentMethod: 'in-person', paymentStatus: 'completed' })).toBe(false);
    expect(mayBeDisputed({ id: 'e1', paymentMethod: 'card', paymentStatus: 'pending' })).toBe(false);
  });

  it("shows a badge and a line for each of a card payment's disputes", async () => {
    disputes.enrollmentDisputes.mockResolvedValue([dispute({ outcome: 'lost', status: 'lost' })]);
    const e = { id: 'e1', paymentMethod: 'card', paymentStatus: 'completed' } as Enrollment;
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <DisputeLines e={e} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Dispute lost')).toBeTruthy();
    expect(screen.getByText(/disputed by the payer's bank/)).toBeTruthy();
    expect(disputes.enrollmentDisputes).toHaveBeenCalledWith('e1');
  });
});
