import { Chip } from '@mui/material';
import type { Enrollment } from '@/providers/types';

/** Spec 3 §4: Paid when completed; 'Pay at Class' when pending with in-person; Pending otherwise. */
export function paymentLabel(
  e: Pick<Enrollment, 'paymentStatus' | 'paymentMethod'> | undefined,
): 'Paid' | 'Pay at Class' | 'Pending' | 'Failed' {
  if (!e) return 'Pending';
  if (e.paymentStatus === 'completed') return 'Paid';
  if (e.paymentStatus === 'failed') return 'Failed';
  if (e.paymentMethod === 'in-person') return 'Pay at Class';
  return 'Pending';
}

export function PaymentChip({ enrollment }: { enrollment?: Pick<Enrollment, 'paymentStatus' | 'paymentMethod'> }) {
  const label = paymentLabel(enrollment);
  const color = label === 'Paid' ? 'success' : label === 'Pay at Class' ? 'warning' : label === 'Failed' ? 'error' : 'default';
  return <Chip size="small" label={label} color={color} variant={label === 'Paid' ? 'filled' : 'outlined'} />;
}
