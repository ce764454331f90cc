import { useState } from 'react';
import { Alert, Box, Button, DialogContentText, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { TypeToConfirmField } from '@/common/TypeToConfirmField';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { FormDialog } from '@/common/FormDialog';
import { type BulkTarget, type PaymentReset } from '@/it-admin/staffApi';
import { useStaffDataProvider } from '@/it-admin/staffProviders';
import { actionErrorText, DELETE, formatCents, nextBulkStep, TEXT, type BulkEvent, type BulkStep } from '@/it-admin/itAdminUtils';

const BULK: Record<BulkTarget, { label: string; what: string; failure: string }> = {
  students: {
    label: 'Delete All Students',
    what: 'all students of this organization, with their enrollments, attendance and payment records',
    failure: 'Failed to delete students. Please try again.',
  },
  'activity-events': {
    label: 'Delete All Activity Events',
    what: 'all activity events of this organization',
    failure: 'Failed to delete activity events. Please try again.',
  },
  'scheduled-communications': {
    label: 'Delete Scheduled Communications',
    what: 'all scheduled communications of this organization',
    failure: 'Failed to delete scheduled communications. Please try again.',
  },
};

function PaymentList({ title, rows }: { title: string; rows: PaymentReset['reset'] }) {
  return (
    <Box sx={{ flex: '1 1 280px' }}>
      <Typography variant="subtitle2">{title}</Typography>
      {rows.length ? (
        <List dense disablePadding>
          {rows.map((p) => (
            <ListItem key={p.id} disableGutters>
              <ListItemText
                primary={`${p.student_name} · ${p.class_name} · ${formatCents(p.amount)}`}
                secondary={p.reason ?? (p.payment_method === 'card' ? 'Card' : 'In person')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
    </Box>
  );
}

/** Spec 3 §2.12: the payment reset, simulated first (the dry run shows exactly what the real run will change). */
function PaymentReset({ organizationId, onChanged, onAudited }: { organizationId: string; onChanged: () => void; onAudited: () => void }) {
  const dp = useStaffDataProvider();
  const [simulation, setSimulation] = useState<{ data: PaymentReset; message?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const simulate = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setSimulation(await dp.resetStudentPayments(organizationId, true));
    } catch (e) {
      setError(actionErrorText(e, TEXT.simulation));
    } finally {
      setBusy(false);
      // The simulation changed nothing but is itself in the audit log.
      onAudited();
    }
  };

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await dp.resetStudentPayments(organizationId, false);
      setConfirming(false);
      setSimulation(null);
      setDone(res.message ?? `${res.data.resetCount} payment(s) reset to pending.`);
      onChanged();
    } catch (e) {
      setConfirming(false);
      setError(actionErrorText(e, 'Failed to reset student payments'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Reset student payments
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        In-person payments go back to pending. Card payments are never reset: their money moved through Stripe (refund them instead). Run
        the simulation first; it changes nothing.
      </Typography>
      <Stack direction="row" gap={1} flexWrap="wrap" my={1}>
        <Button variant="outlined" onClick={simulate} disabled={busy}>
          Run Simulation (Dry Run)
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => setConfirming(true)}
          disabled={busy || !simulation || simulation.data.resetCount === 0}
        >
          Reset Student Payments
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {done && <Alert severity="success">{done}</Alert>}
      {simulation && (
        <Box role="region" aria-label="Simulation result" sx={{ mt: 1 }}>
          <Alert severity="info" sx={{ mb: 1 }}>
            {simulation.message ?? `Simulation: ${simulation.data.resetCount} would be reset, ${simulation.data.skippedCount} skipped.`}
          </Alert>
          <Stack direction="row" flexWrap="wrap" gap={2}>
            <PaymentList title={`Would be reset (${simulation.data.resetCount})`} rows={simulation.data.reset} />
            <PaymentList title={`Skipped (${simulation.data.skippedCount})`} rows={simulation.data.skipped} />
          </Stack>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset Student Payments"
        message={`Reset ${simulation?.data.resetCount ?? 0} in-person payment(s) to pending, as simulated? Card payments are skipped.`}
        confirmLabel="Reset Payments"
        busy={busy}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** What the danger zone and its bulk-delete flow are given: the organization, and what to refresh after a change. */
interface DangerZoneProps {
  organizationId: string;
  orgName: string;
  onChanged: () => void;
  onAudited: () => void;
}

/** Spec 3 §5: two confirm prompts, then typing DELETE; a mismatch cancels with 'Confirmation failed. Action cancelled.' */
function BulkDeleteFlow({ organizationId, orgName, onChanged, onAudited }: DangerZoneProps) {
  const dp = useStaffDataProvider();
  const [target, setTarget] = useState<BulkTarget | null>(null);
  const [step, setStep] = useState<BulkStep>('idle');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'warning'; text: string } | null>(null);

  const send = async (event: BulkEvent) => {
    const next = nextBulkStep(step, event);
    setStep(next);
    if (next === 'mismatch') setNotice({ severity: 'warning', text: TEXT.confirmationFailed });
    if (next !== 'run' || !target) return;
    setBusy(true);
    try {
      const res = await dp.bulkDelete(organizationId, target, typed);
      setNotice({ severity: 'success', text: res.message ?? 'Deleted.' });
      onChanged();
    } catch (e) {
      const reason = (e as { message?: string }).message;
      setNotice({ severity: 'error', text: reason ? `${BULK[target].failure} (${reason})` : BULK[target].failure });
      onAudited();
    } finally {
      setBusy(false);
      setStep('idle');
    }
  };

  const start = (t: BulkTarget) => {
    setTarget(t);
    setTyped('');
    setNotice(null);
    setStep(nextBulkStep('idle', { type: 'start' }));
  };
  const info = target ? BULK[target] : null;
  const open = step === 'confirm1' || step === 'confirm2' || step === 'type' || (step === 'run' && busy);
  const typing = step === 'type' || step === 'run';

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Bulk deletes
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Each needs two confirmations, then typing {DELETE}. Nothing here can be undone.
      </Typography>
      <Stack direction="row" gap={1} flexWrap="wrap" my={1}>
        {(Object.keys(BULK) as BulkTarget[]).map((t) => (
          <Button key={t} variant="outlined" color="error" onClick={() => start(t)} disabled={busy}>
            {BULK[t].label}
          </Button>
        ))}
      </Stack>
      {notice && (
        <Alert severity={notice.severity} role="alert" onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <FormDialog
        open={open && !!info}
        title={info?.label}
        onClose={() => send({ type: 'no' })}
        busy={busy}
        maxWidth="xs"
        submitColor="error"
        submitLabel={typing ? 'Delete' : step === 'confirm1' ? 'Yes, continue' : 'Yes, I am sure'}
        onSubmit={() => send(typing ? { type: 'typed', text: typed } : { type: 'yes' })}
      >
        {step === 'confirm1' && (
          <DialogContentText>
            Are you sure you want to delete {info?.what} ({orgName})?
          </DialogContentText>
        )}
        {step === 'confirm2' && (
          <DialogContentText>
            This permanently deletes {info?.what}. This action cannot be undone. Do you really want to continue?
          </DialogContentText>
        )}
        {typing && (
          <>
            <DialogContentText gutterBottom>
              Type <strong>{DELETE}</strong> to confirm.
            </DialogContentText>
            <TypeToConfirmField word={DELETE} value={typed} onChange={setTyped} disabled={busy} />
          </>
        )}
      </FormDialog>
    </Paper>
  );
}

/** The danger zone of the organization page (spec 3 §2.12). */
export function DangerZone({ organizationId, orgName, onChanged, onAudited }: DangerZoneProps) {
  return (
    <Box component="section" aria-labelledby="danger-title" sx={{ border: 1, borderColor: 'error.light', borderRadius: 1, p: 2 }}>
      <Typography id="danger-title" variant="h6" component="h2" color="error" gutterBottom>
        Danger zone
      </Typography>
      <Stack spacing={2}>
        <PaymentReset organizationId={organizationId} onChanged={onChanged} onAudited={onAudited} />
        <BulkDeleteFlow organizationId={organizationId} orgName={orgName} onChanged={onChanged} onAudited={onAudited} />
      </Stack>
    </Box>
  );
}
