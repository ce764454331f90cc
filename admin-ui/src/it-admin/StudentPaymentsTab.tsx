import { Alert, Chip, Skeleton, TableBody, TableCell, TableFooter, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { formatDateTime } from '@/common/format';
import type { StudentPayment } from '@/it-admin/staffApi';
import { formatCents } from '@/it-admin/itAdminUtils';

/** The Student Payments tab: every payment with the platform fee shown apart from the organization's amount. */
export function StudentPaymentsTab({ rows, loading, error }: { rows?: StudentPayment[]; loading: boolean; error: unknown }) {
  if (error) return <Alert severity="error">Failed to load student payments</Alert>;
  if (loading && !rows) return <Skeleton variant="rounded" height={160} />;
  if (!rows?.length) return <Typography color="text.secondary">No payments recorded for this organization.</Typography>;
  const sum = (k: 'amount' | 'platform_fee_amount' | 'organization_amount') => rows.reduce((s, r) => s + r[k], 0);
  return (
    <SimpleTable
      label="Student payments"
      columns={[
        { label: 'Student' },
        { label: 'Class' },
        { label: 'Method' },
        { label: 'Amount', align: 'right' },
        { label: 'Platform fee', align: 'right' },
        { label: 'Organization amount', align: 'right' },
        { label: 'Date' },
        { label: 'Payment intent' },
      ]}
    >
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell>{p.student_name}</TableCell>
            <TableCell>{p.class_name}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" label={p.payment_method === 'card' ? 'Card' : 'In person'} />{' '}
              {p.payment_status !== 'completed' && <Chip size="small" label={p.payment_status} />}
            </TableCell>
            <TableCell align="right">
              {formatCents(p.amount)}
              {p.refunded_amount > 0 && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatCents(p.refunded_amount)} refunded
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{formatCents(p.platform_fee_amount)}</TableCell>
            <TableCell align="right">{formatCents(p.organization_amount)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.transaction_date)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{p.stripe_payment_intent_id ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={3}>Total ({rows.length})</TableCell>
          <TableCell align="right">{formatCents(sum('amount'))}</TableCell>
          <TableCell align="right">{formatCents(sum('platform_fee_amount'))}</TableCell>
          <TableCell align="right">{formatCents(sum('organization_amount'))}</TableCell>
          <TableCell colSpan={2} />
        </TableRow>
      </TableFooter>
    </SimpleTable>
  );
}
