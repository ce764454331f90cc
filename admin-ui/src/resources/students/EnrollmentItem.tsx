// One enrollment in the student's details: what was paid and refunded, the form's answers and signed waivers, and its actions.
import { Box, Button, Chip, ListItem, ListItemText, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '@/common/saveFile';
import { PaymentChip } from '@/common/paymentStatus';
import { formatDate, formatDateTime, formatMoney } from '@/common/format';
import type { Enrollment, Student } from '@/providers/types';
import { formsApi } from '@/settings/registrationFormsApi';
import type { SwitchingEnrollment } from '@/resources/students/SwitchClassDialog';
import { canSwitch } from '@/resources/students/switchClass';
import {
  canCancel,
  canRefund,
  lifecycleLabel,
  methodLabel,
  priceLine,
  refundable,
  refundedLabel,
  refundSourceLabel,
  refundStatusLabel,
  showsFeeSplit,
} from '@/resources/students/moneyTrail';
import { registeredAsText } from '@/resources/students/studentUtils';
import { DisputeLines } from '@/resources/students/DisputeLines';

/** The registration form's answers and the waivers signed for one enrollment, each signature with its PDF. */
function FormAnswers({ e }: { e: Enrollment }) {
  const pdf = useMutation({ mutationFn: formsApi.pdf, onSuccess: (f) => saveFile(f.blob, f.name) });
  const answers = e.answers ?? [];
  const waivers = e.waivers ?? [];
  if (!answers.length && !waivers.length) return null;
  const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === true ? 'Yes' : String(v));
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      {answers.map((a) => (
        <Box component="span" key={a.questionId} sx={{ display: 'block' }}>
          <strong>{a.label}:</strong> {text(a.value)}
        </Box>
      ))}
      {waivers.map((w) => (
        <Box component="span" key={w.id} sx={{ display: 'block' }}>
          Signed “{w.waiverTitle}” (version {w.version}
          {w.current ? '' : ', an older version'}) as {w.signedName}
          {w.signedAs === 'guardian' ? ' (guardian)' : ''} on {formatDateTime(w.acceptedAt)}{' '}
          <Button size="small" onClick={() => pdf.mutate(w.id)} aria-label={`Download the signed ${w.waiverTitle}`}>
            PDF
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/** One enrollment's money trail: method, amount, status, the card fee split and every refund. */
function MoneyTrail({ e }: { e: Enrollment }) {
  const line = (text: string, key?: string) => (
    <Box component="span" key={key} sx={{ display: 'block' }}>
      {text}
    </Box>
  );
  return (
    <>
      {line(
        `Enrolled ${formatDate(e.enrollmentDate, 'short')} · ${methodLabel(e.paymentMethod)}` +
          (e.paymentStatus === 'completed' ? ` · ${formatMoney(e.amountPaid)} paid` : ''),
      )}
      {e.balanceDue > 0 && (
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          Balance due {formatMoney(e.balanceDue)} (in person at class)
        </Box>
      )}
      {priceLine(e) && line(priceLine(e)!)}
      {showsFeeSplit(e) && line(`Platform fee ${formatMoney(e.platformFee)} · Organization receives ${formatMoney(e.organizationAmount)}`)}
      {(e.refunds ?? []).map((r) =>
        line(
          `${refundStatusLabel(r.status)} ${formatMoney(r.amount)} · ${refundSourceLabel(r.source)} · ${formatDate(r.createdAt, 'short')}${r.reason ? ` · ${r.reason}` : ''}`,
          r.id,
        ),
      )}
      <DisputeLines e={e} />
      {e.cancelledAt && line(`Cancelled ${formatDate(e.cancelledAt, 'short')}`)}
    </>
  );
}

/**
 * One enrollment, current or past (cancelled, refunded late) alike: its status, money trail, the registration form's
 * answers and the actions it allows (the panel opens the dialog the action asks for).
 */
export function EnrollmentItem({
  e,
  record,
  onCancel,
  onSwitch,
  onRefund,
}: {
  e: Enrollment;
  record: Student;
  onCancel: (enrollment: { id: string; classTitle: string }) => void;
  onSwitch: (enrollment: SwitchingEnrollment) => void;
  onRefund: (enrollment: { id: string; classTitle: string; left: number }) => void;
}) {
  return (
    <ListItem
      disableGutters
      alignItems="flex-start"
      secondaryAction={
        refundedLabel(e) ? (
          <Chip size="small" label={refundedLabel(e)} variant="outlined" />
        ) : e.balanceDue > 0 ? (
          // Paid, but a switch left a difference to collect in person: not 'Paid' yet.
          <Chip size="small" label="Balance due" color="warning" variant="outlined" />
        ) : (
          <PaymentChip enrollment={e} />
        )
      }
    >
      <ListItemText
        primary={
          <>
            {e.classTitle || 'Class'}
            {e.status && e.status !== 'active' && <Chip size="small" label={lifecycleLabel(e.status)} variant="outlined" sx={{ ml: 1 }} />}
          </>
        }
        secondary={
          <>
            <MoneyTrail e={e} />
            {registeredAsText(e, record) ? (
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {registeredAsText(e, record)}
              </Box>
            ) : null}
            <FormAnswers e={e} />
            <Stack
              direction="row"
              useFlexGap
              flexWrap="wrap"
              columnGap={1}
              sx={{ mt: 0.5, ml: -1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
            >
              {e.id && canCancel(e) && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => onCancel({ id: e.id, classTitle: e.classTitle || 'Class' })}
                  aria-label={`Cancel enrollment in ${e.classTitle || 'class'}`}
                >
                  Cancel enrollment
                </Button>
              )}
              {e.id && canSwitch(e) && (
                <Button
                  size="small"
                  onClick={() =>
                    onSwitch({
                      id: e.id,
                      classTitle: e.classTitle || 'Class',
                      paymentMethod: e.paymentMethod,
                      paymentStatus: e.paymentStatus,
                      amountPaid: e.amountPaid,
                    })
                  }
                  aria-label={`Switch ${e.classTitle || 'class'} to another class`}
                >
                  Switch class
                </Button>
              )}
              {e.id && canRefund(e) && (
                <Button
                  size="small"
                  onClick={() => onRefund({ id: e.id, classTitle: e.classTitle || 'Class', left: refundable(e) })}
                  aria-label={`Refund payment for ${e.classTitle || 'class'}`}
                >
                  Refund
                </Button>
              )}
            </Stack>
          </>
        }
        secondaryTypographyProps={{ component: 'div' }}
        sx={{ pr: 12 }}
      />
    </ListItem>
  );
}
