import { useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { rosterSecondary } from '@/resources/students/household';
import { Box, Button, CircularProgress, DialogContentText, Divider, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import { PaymentChip } from '@/common/paymentStatus';
import { formatMoney, fullName } from '@/common/format';
import { FormDialog } from '@/common/FormDialog';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, Student } from '@/providers/types';
import { effectivePrice } from '@/resources/classes/classUtils';

type Report = { success: (m: string) => void; error: (m: string) => void };

const enrollmentIn = (s: Student, classId: string) => s.classEnrollments?.find((e) => e.classId === classId) ?? s.classEnrollments?.[0];

/**
 * What Mark as Paid records for this student, as the server computes it: the balance a switch to a dearer class left
 * due in person, else the price quoted at registration (the price the student was shown); the class's own price
 * only for an enrollment from before price quotes.
 */
export function amountToCollect(s: Student, cls: ClassRecord): number {
  const e = enrollmentIn(s, cls.id);
  if (e && e.balanceDue > 0) return e.balanceDue;
  return e?.amountDue ?? effectivePrice(cls);
}

/** Paid in full: completed with no balance left from a switch to a dearer class. */
export const isPaidInFull = (s: Student, classId: string) => {
  const e = enrollmentIn(s, classId);
  return e?.paymentStatus === 'completed' && !(e.balanceDue > 0);
};

/** A card payment cannot be undone here (the server answers 409: refunds go through the provider). */
const paidByCard = (s: Student, classId: string) => {
  const e = s.classEnrollments?.find((x) => x.classId === classId);
  return e?.paymentStatus === 'completed' && e.paymentMethod === 'card';
};

function StudentRow({ student, cls, action }: { student: Student; cls: ClassRecord; action: React.ReactNode }) {
  const enrollment = enrollmentIn(student, cls.id);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      alignItems={{ xs: 'stretch', sm: 'center' }}
      sx={{ py: 1.5 }}
      aria-label={fullName(student)}
      role="group"
    >
      <Box flex={1} minWidth={0}>
        <Typography fontWeight={600}>{fullName(student)}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {rosterSecondary(student)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} alignItems="center" justifyContent="space-between">
        <PaymentChip enrollment={enrollment} />
        {isPaidInFull(student, cls.id) ? (
          <Typography variant="body2">Paid {formatMoney(enrollment?.amountPaid)}</Typography>
        ) : (
          <Typography variant="body2">Amount Due: {formatMoney(amountToCollect(student, cls))}</Typography>
        )}
        {action}
      </Stack>
    </Stack>
  );
}

/** One list of the tab (unpaid or paid): its count, a line when it is empty, and each student with its action. */
function StudentsSection({
  label,
  title,
  empty,
  students,
  cls,
  action,
}: {
  label: string;
  title: string;
  empty: string;
  students: Student[];
  cls: ClassRecord;
  action: (s: Student) => ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {students.length === 0 ? (
        <Typography color="text.secondary" mt={1}>
          {empty}
        </Typography>
      ) : (
        students.map((s, i) => (
          <Box key={s.id}>
            {i > 0 && <Divider />}
            <StudentRow student={s} cls={cls} action={action(s)} />
          </Box>
        ))
      )}
    </Paper>
  );
}

/** Payments tab: Mark as Paid with a 'Confirm Payment' modal, Unmark as Paid (spec 3 §2.11, §4). */
export function PaymentsTab({
  cls,
  paid,
  unpaid,
  report,
  onChanged,
}: {
  cls: ClassRecord;
  paid: Student[];
  unpaid: Student[];
  report: Report;
  onChanged: () => Promise<void>;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState<Student | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const amount = confirming ? amountToCollect(confirming, cls) : 0;

  const markPaid = async () => {
    if (!confirming) return;
    const s = confirming;
    setBusyId(s.id);
    try {
      await dp.markPaid(s.id, cls.id);
      setConfirming(null);
      report.success(`Payment of ${formatMoney(amount)} recorded for ${fullName(s)}.`);
      await onChanged();
    } catch {
      setConfirming(null);
      report.error('Failed to update payment');
    } finally {
      setBusyId(null);
    }
  };

  const unmark = async (s: Student) => {
    setBusyId(s.id);
    try {
      await dp.markUnpaid(s.id, cls.id);
      report.success(`${fullName(s)} is marked as unpaid.`);
      await onChanged();
    } catch {
      report.error('Failed to unmark payment');
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack spacing={2.5}>
      <StudentsSection
        label="Unpaid students"
        title={`Unpaid (${unpaid.length})`}
        empty="Everyone has paid."
        students={unpaid}
        cls={cls}
        action={(s) => (
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckCircleIcon />}
            disabled={busyId === s.id}
            onClick={() => setConfirming(s)}
          >
            Mark as Paid
          </Button>
        )}
      />
      <StudentsSection
        label="Paid students"
        title={`Paid (${paid.length})`}
        empty="No payments recorded yet."
        students={paid}
        cls={cls}
        action={(s) => (
          <Tooltip title={paidByCard(s, cls.id) ? 'Paid by card online: refunds go through the payment provider.' : ''}>
            <span>
              <Button
                variant="outlined"
                color="warning"
                startIcon={busyId === s.id ? <CircularProgress size={16} /> : <UndoIcon />}
                disabled={busyId === s.id || paidByCard(s, cls.id)}
                onClick={() => unmark(s)}
              >
                Unmark as Paid
              </Button>
            </span>
          </Tooltip>
        )}
      />
      <FormDialog
        open={Boolean(confirming)}
        title="Confirm Payment"
        onClose={() => setConfirming(null)}
        busy={Boolean(busyId)}
        maxWidth="xs"
        submitColor="success"
        submitLabel="Confirm Payment"
        onSubmit={() => void markPaid()}
      >
        <DialogContentText>
          Record an in-person payment from <strong>{confirming ? fullName(confirming) : ''}</strong> for {cls.title}.
        </DialogContentText>
        <Typography variant="h4" component="p" sx={{ textAlign: 'center' }}>
          {formatMoney(amount)}
        </Typography>
      </FormDialog>
    </Stack>
  );
}
