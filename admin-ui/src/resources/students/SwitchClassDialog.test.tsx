import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, HttpError, testDataProvider } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material';
import { makeQueryClient } from '@/providers/queryClient';
import { SwitchClassDialog, type SwitchingEnrollment } from '@/resources/students/SwitchClassDialog';
import { differenceText, outcomeText, switchedText, switchLabel } from '@/resources/students/switchClass';
import type { TransferOption } from '@/providers/types';

const option = (over: Partial<TransferOption>): TransferOption => ({
  id: 'c2',
  title: 'Pottery Pro',
  location: 'Studio A',
  instructor: 'Luis',
  startDate: '2027-03-04T17:00:00.000Z',
  seatsLeft: 3,
  price: 120,
  priceDifference: 40,
  available: true,
  needsPayment: true,
  ...over,
});
const OPTIONS = [option({}), option({ id: 'c3', title: 'Pottery Thursday', price: 60, priceDifference: -20, needsPayment: false })];
const CARD: SwitchingEnrollment = { id: 'e1', classTitle: 'Pottery I', paymentMethod: 'card', paymentStatus: 'completed', amountPaid: 80 };

function renderDialog(methods: Record<string, (...args: never[]) => Promise<unknown>>, onDone = vi.fn()) {
  render(
    <ThemeProvider theme={createTheme()}>
      <CoreAdminContext dataProvider={{ ...testDataProvider(), ...methods }} queryClient={makeQueryClient()}>
        <SwitchClassDialog enrollment={CARD} onClose={() => {}} onDone={onDone} />
      </CoreAdminContext>
    </ThemeProvider>,
  );
  return onDone;
}

afterEach(cleanup);

describe('switch class texts', () => {
  it('says the difference, what happens to the money and what the button does, from the quoted amounts', () => {
    const inPerson = { paymentMethod: 'in-person', paymentStatus: 'pending' } as const;
    expect(differenceText(option({}), CARD)).toBe('$40.00 more (due in person)');
    expect(differenceText(option({ priceDifference: -20 }), CARD)).toBe('$20.00 back to the card');
    expect(differenceText(option({ priceDifference: 0 }), CARD)).toBe('Same price');
    expect(differenceText(option({}), inPerson)).toBe('$40.00 more');
    expect(outcomeText(option({ priceDifference: -20 }), CARD)).toBe("$20.00 goes back to the student's card.");
    expect(outcomeText(option({}), inPerson)).toBe('The student pays $120.00 in person at class.');
    expect(switchLabel(option({}), CARD)).toBe('Switch and collect $40.00 in person');
    expect(switchLabel(option({ priceDifference: -20 }), CARD)).toBe('Switch and refund $20.00');
    expect(switchLabel(option({}), inPerson)).toBe('Switch class');
    expect(switchedText({ className: 'Pottery Pro', refund: null, balanceDue: 40 })).toBe('Switched to Pottery Pro; $40.00 due in person');
  });
});

describe('SwitchClassDialog', () => {
  it('lists the quoted classes and switches to a dearer one with the difference due in person', async () => {
    const transferEnrollment = vi.fn(async () => ({ id: 'e1', classId: 'c2', className: 'Pottery Pro', refund: null, balanceDue: 40 }));
    const onDone = renderDialog({ getTransferOptions: async () => OPTIONS, transferEnrollment });
    fireEvent.click(await screen.findByRole('radio', { name: /Pottery Pro/ }));
    expect(screen.getByText(/3 seats left · \$120\.00 · \$40\.00 more \(due in person\)/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'In person at class (due now)' })).toHaveProperty('checked', true);
    // By card is the student's step in the portal: the dialog says so and will not switch.
    fireEvent.click(screen.getByRole('radio', { name: 'By card' }));
    expect(screen.getByText(/pays a difference by card in their portal/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch and collect $40.00 in person' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'In person at class (due now)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch and collect $40.00 in person' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(transferEnrollment).toHaveBeenCalledWith('e1', { toClassId: 'c2', differenceInPerson: true });
  });

  it('switches to a cheaper class without differenceInPerson and shows a refusal as the server says it', async () => {
    const transferEnrollment = vi.fn(async () => {
      throw new HttpError('Pottery Thursday is full.', 409, {});
    });
    renderDialog({ getTransferOptions: async () => OPTIONS, transferEnrollment });
    fireEvent.click(await screen.findByRole('radio', { name: /Pottery Thursday/ }));
    expect(screen.getByText("$20.00 goes back to the student's card.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch and refund $20.00' }));
    expect(await screen.findByText('Pottery Thursday is full.')).toBeTruthy();
    expect(transferEnrollment).toHaveBeenCalledWith('e1', { toClassId: 'c3' });
    // Another choice starts clean.
    fireEvent.click(screen.getByRole('radio', { name: /Pottery Pro/ }));
    expect(screen.queryByText('Pottery Thursday is full.')).toBeNull();
  });
});
