import { useState } from 'react';
import { Alert, Box, Button, Divider, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useRefresh } from 'react-admin';
import MailIcon from '@mui/icons-material/Mail';
import { useQuery } from '@tanstack/react-query';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useAppDataProvider } from '@/providers/dataProvider';
import { ComposeEmailDialog } from '@/communications/ComposeEmailDialog';
import { StatusIcon } from '@/communications/StatusIcon';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDate, formatDateTime, formatMoney, fullName } from '@/common/format';
import { useOrganizationTimeZone } from '@/common/zonedTime';
import type { Enrollment, EnrollmentPayment, EnrollmentTransfer, Student } from '@/providers/types';
import { CancelEnrollmentDialog } from '@/resources/students/CancelEnrollmentDialog';
import { EnrollmentItem } from '@/resources/students/EnrollmentItem';
import { HistorySection } from '@/resources/students/HistorySection';
import { RefundDialog } from '@/resources/students/RefundDialog';
import { SwitchClassDialog, type SwitchingEnrollment } from '@/resources/students/SwitchClassDialog';
import { switchedText } from '@/resources/students/switchClass';
import { StudentDataActions } from '@/resources/students/StudentDataActions';
import { CreditsSection } from '@/credits/CreditsSection';
import { formatBirthDate } from '@/resources/students/household';
import { formatPhone } from '@/resources/students/studentUtils';

/** The student's details beside the list: contact, household, enrollments with their actions, history and messages. */
export function StudentDetailPanel({
  record,
  onClose,
  onEdit,
  onDelete,
}: {
  record: Student;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const enrollments = record.classEnrollments ?? [];
  const past = record.pastEnrollments ?? [];
  const [cancelling, setCancelling] = useState<{ id: string; classTitle: string } | null>(null);
  const refresh = useRefresh();
  const [refunding, setRefunding] = useState<{ id: string; classTitle: string; left: number } | null>(null);
  const [success, setSuccess] = useTimedMessage(3000);
  // A message's time (one scheduled for later was entered in the organization's zone) in that zone, named.
  const zone = useOrganizationTimeZone();
  const refunded = (result: EnrollmentPayment) => {
    setRefunding(null);
    setSuccess(result.refund ? `${formatMoney(result.refund.amount)} refunded` : 'Nothing was left to refund');
    refresh();
  };
  const cancelled = (result: EnrollmentPayment) => {
    setCancelling(null);
    setSuccess(result.refund ? `Enrollment cancelled; ${formatMoney(result.refund.amount)} refunded` : 'Enrollment cancelled');
    refresh();
  };
  const [switching, setSwitching] = useState<SwitchingEnrollment | null>(null);
  const switched = (result: EnrollmentTransfer) => {
    setSwitching(null);
    setSuccess(switchedText(result));
    refresh();
  };
  const [composing, setComposing] = useState(false);
  const [emailed, setEmailed] = useTimedMessage(3000);
  const dp = useAppDataProvider();
  const history = useQuery({
    queryKey: ['students', record.id, 'communications'],
    queryFn: () => dp.getStudentCommunications(record.id),
  });
  const activity = useQuery({
    queryKey: ['students', record.id, 'activity'],
    queryFn: () => dp.getStudentActivity(record.id),
  });
  // Current and past (cancelled, refunded late) enrollments show the same way: status, money trail, actions.
  const enrollmentItem = (e: Enrollment) => (
    <EnrollmentItem
      key={e.id ?? e.classId}
      e={e}
      record={record}
      onCancel={setCancelling}
      onSwitch={setSwitching}
      onRefund={setRefunding}
    />
  );
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: { xs: '100%', sm: 440 } }} component="section" aria-label="Student details">
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start">
        <Box>
          <Typography variant="h5" component="h2">
            {fullName(record)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Registered {formatDate(record.registrationDate || record.createdAt, 'short')}
          </Typography>
        </Box>
        <IconButton aria-label="Close details" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} mt={2}>
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          Delete
        </Button>
        <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setComposing(true)}>
          Email
        </Button>
      </Stack>
      {emailed && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {emailed}
        </Alert>
      )}
      <ComposeEmailDialog
        open={composing}
        recipients={[record]}
        onClose={() => setComposing(false)}
        onDone={(message) => {
          setComposing(false);
          setEmailed(message);
          // The email just sent belongs in the history.
          void history.refetch();
        }}
      />
      <Typography variant="subtitle2" mt={3}>
        Contact information
      </Typography>
      <Stack spacing={0.5} mt={0.5}>
        <Typography variant="body2">
          Email: <a href={`mailto:${record.email}`}>{record.email}</a>
        </Typography>
        <Typography variant="body2">
          Phone: <a href={`tel:${record.phone}`}>{formatPhone(record.phone)}</a>
        </Typography>
        {record.dateOfBirth ? <Typography variant="body2">Date of birth: {formatBirthDate(record.dateOfBirth)}</Typography> : null}
        {record.householdContact ? (
          <Typography variant="body2">
            Household contact: {record.householdContact.firstName} {record.householdContact.lastName} (
            <a href={`mailto:${record.householdContact.email}`}>{record.householdContact.email}</a>,{' '}
            <a href={`tel:${record.householdContact.phone}`}>{formatPhone(record.householdContact.phone)}</a>)
          </Typography>
        ) : null}
        {record.householdMembers?.length ? (
          <Typography variant="body2">
            Household contact of:{' '}
            {record.householdMembers
              .map((m) => `${m.firstName} ${m.lastName}${m.dateOfBirth ? ` (born ${formatBirthDate(m.dateOfBirth)})` : ''}`)
              .join(', ')}
          </Typography>
        ) : null}
        <Typography variant="body2">Communications: {record.communicationOptIn ? 'Opted in' : 'Opted out'}</Typography>
        <Typography variant="body2">Status: {record.status || 'active'}</Typography>
      </Stack>
      <Divider sx={{ my: 2 }} />
      {success && (
        <Alert severity="success" role="status" sx={{ mb: 1 }}>
          {success}
        </Alert>
      )}
      <Typography variant="subtitle2">Enrolled classes ({enrollments.length})</Typography>
      {enrollments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" mt={0.5}>
          Not enrolled in any class.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Enrolled classes">
          {enrollments.map(enrollmentItem)}
        </List>
      )}
      {past.length > 0 && (
        <>
          <Typography variant="subtitle2" mt={2}>
            Past enrollments ({past.length})
          </Typography>
          <List dense disablePadding aria-label="Past enrollments">
            {past.map(enrollmentItem)}
          </List>
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <CreditsSection record={record} />
      <Divider sx={{ my: 2 }} />
      <HistorySection title="History" query={activity} empty="Nothing recorded yet">
        {(items) =>
          items.map((a) => (
            <ListItem key={a.id} disableGutters>
              <ListItemText
                primary={a.description}
                secondary={`${formatDateTime(a.eventDate)}${(a.metadata as { source?: string } | null)?.source === 'self_service' ? ' · by the student' : ''}`}
              />
            </ListItem>
          ))
        }
      </HistorySection>
      <Divider sx={{ my: 2 }} />
      <HistorySection title="Communication history" query={history} empty="No communication history">
        {(items) =>
          items.map((c) => (
            <ListItem key={c.id} disableGutters alignItems="flex-start">
              <Box sx={{ mr: 1, mt: 0.5 }}>
                <StatusIcon status={c.status} />
              </Box>
              <ListItemText
                primary={`${c.communication_type === 'sms' ? 'SMS' : 'Email'}${c.subject ? `: ${c.subject}` : ''}`}
                secondary={`${c.status}${c.status_reason ? ` (${c.status_reason})` : ''} · ${formatDateTime(c.status === 'pending' ? c.scheduled_at : c.created_at, zone)}`}
              />
            </ListItem>
          ))
        }
      </HistorySection>
      <Divider sx={{ my: 2 }} />
      <StudentDataActions record={record} />
      <CancelEnrollmentDialog enrollment={cancelling} onClose={() => setCancelling(null)} onDone={cancelled} />
      <RefundDialog enrollment={refunding} onClose={() => setRefunding(null)} onDone={refunded} />
      <SwitchClassDialog enrollment={switching} onClose={() => setSwitching(null)} onDone={switched} />
    </Box>
  );
}
