/**
 * Payment plans (issue 40 §4): every payer's plan, by status, class and term, with what is paid and what comes next;
 * each opens its plan page. CSV of the filtered list.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { SimpleTable } from '@/common/SimpleTable';
import { saveFile } from '@/common/saveFile';
import { formatInZone, useOrganizationTimeZone, BROWSER_TIME_ZONE } from '@/common/zonedTime';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { payerPlansApi, type PayerPlanFilter, type PayerPlanStatus } from '@/providers/paymentPlans';
import { formsApi } from '@/providers/registrationForms';
import { PLAN_STATUS_COLORS, PLAN_STATUS_LABELS, plansCsv } from '@/payment-plans/planStatus';

const COLUMNS = [
  { label: 'Student' },
  { label: 'Class' },
  { label: 'Plan' },
  { label: 'Status' },
  { label: 'Paid', align: 'right' as const },
  { label: 'Balance', align: 'right' as const },
  { label: 'Next due' },
];
const money = (n: number) => `$${n.toFixed(2)}`;

export default function PaymentPlansPage() {
  const zone = useOrganizationTimeZone() ?? BROWSER_TIME_ZONE;
  const dp = useAppDataProvider();
  const [filter, setFilter] = useState<PayerPlanFilter>({});
  const list = useQuery({ queryKey: ['payer-plans', filter], queryFn: () => payerPlansApi.list(filter) });
  const classes = useQuery({ queryKey: ['registration-form-classes'], queryFn: formsApi.classes });
  const terms = useQuery({ queryKey: ['terms'], queryFn: () => dp.getTerms() });
  const set = (patch: PayerPlanFilter) => setFilter({ ...filter, ...patch });

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h4" component="h1">
          Payment plans
        </Typography>
        <Typography color="text.secondary">
          Registrations paying over time: what each has paid, what is left and when the next instalment is charged.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as PayerPlanStatus | undefined })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {(Object.keys(PLAN_STATUS_LABELS) as PayerPlanStatus[]).map((s) => (
            <MenuItem key={s} value={s}>
              {PLAN_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Class"
          value={filter.classId ?? ''}
          onChange={(e) => set({ classId: e.target.value || undefined })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Every class</MenuItem>
          {(classes.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Term"
          value={filter.termId ?? ''}
          onChange={(e) => set({ termId: e.target.value || undefined })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Every term</MenuItem>
          {(terms.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!list.data?.length}
          onClick={() => list.data && saveFile(new Blob([plansCsv(list.data)], { type: 'text/csv' }), 'payment-plans.csv')}
        >
          Export CSV
        </Button>
      </Stack>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.error ? (
        <Alert severity="error">{errorMessage(list.error, 'Failed to load the payment plans')}</Alert>
      ) : list.data.length === 0 ? (
        <Alert severity="info">No payment plans match.</Alert>
      ) : (
        <SimpleTable label="Payment plans" columns={COLUMNS}>
          <TableBody>
            {list.data.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/admin/payment-plans/${p.id}`} fontWeight={600}>
                    {p.studentName}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {p.studentEmail}
                  </Typography>
                </TableCell>
                <TableCell>
                  {p.classTitle}
                  {p.termName && (
                    <Typography variant="body2" color="text.secondary">
                      {p.termName}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{p.planName}</TableCell>
                <TableCell>
                  <Chip size="small" color={PLAN_STATUS_COLORS[p.status]} label={PLAN_STATUS_LABELS[p.status]} />
                </TableCell>
                <TableCell align="right">{money(p.paid)}</TableCell>
                <TableCell align="right">{money(p.balance)}</TableCell>
                <TableCell>{p.nextDueAt ? `${formatInZone(p.nextDueAt, zone)} · ${money(p.nextAmount ?? 0)}` : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </SimpleTable>
      )}
    </Stack>
  );
}
