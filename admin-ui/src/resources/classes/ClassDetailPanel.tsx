import { Alert, Box, Button, Divider, IconButton, List, ListItem, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { RosterItemText } from '@/resources/students/RosterItemText';
import EditIcon from '@mui/icons-material/Edit';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import MailIcon from '@mui/icons-material/Mail';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTimedMessage } from '@/common/useTimedMessage';
import { CsvDownloadButton } from '@/common/CsvDownloadButton';
import { useAppDataProvider } from '@/providers/dataProvider';
import { ComposeEmailDialog } from '@/communications/ComposeEmailDialog';
import { PaymentChip } from '@/common/paymentStatus';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatTimeRange, scheduleText } from '@/common/format';
import type { ClassRecord } from '@/providers/types';
import { EnrollmentBar, StatusChip } from '@/resources/classes/ClassCard';
import { classSessionDates } from '@shared/class-sessions';
import { GoNoGoStatus } from '@/resources/classes/GoNoGoStatus';
import { hasDiscount } from '@/resources/classes/classUtils';
import { WaitlistSection } from '@/resources/classes/WaitlistSection';
import { LabelledValue } from '@/common/LabelledValue';
import { useOrganizationTimeZone } from '@/common/zonedTime';
import { ClassSessionsSection } from '@/sessions/ClassSessionsSection';

export function ClassDetailPanel({
  record,
  onClose,
  onEdit,
  onClone,
  onDelete,
}: {
  record: ClassRecord;
  onClose: () => void;
  onEdit: () => void;
  onClone: () => void;
  onDelete: () => void;
}) {
  const dp = useAppDataProvider();
  // The roll reloads whenever the class record changes (an edit, an enrollment seen by the list).
  const students = useQuery({
    queryKey: ['classes', 'students', record.id, record.updatedAt ?? '', record.enrolledStudents],
    queryFn: () => dp.getClassStudents(record.id),
  });
  const [composing, setComposing] = useState(false);
  // The start and the session days in the organization's zone, where the start was entered.
  const zone = useOrganizationTimeZone();
  const [emailed, setEmailed] = useTimedMessage(3000);
  // The server's session dates; the shared rule only for a record that came without them.
  const sessions = record.sessions?.length
    ? record.sessions.map((s) => new Date(s))
    : classSessionDates(record.startDate, record.days, record.schedule);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Class details">
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
        <Box>
          <Typography variant="h5" component="h2">
            {record.title}
          </Typography>
          <Box mt={0.5}>
            <StatusChip status={record.status} />
          </Box>
        </Box>
        <IconButton aria-label="Close details" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} mt={2} flexWrap="wrap" useFlexGap>
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={onClone}>
          Clone
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          Delete
        </Button>
        <Tooltip title={students.data?.length ? '' : 'No students enrolled yet'}>
          <span>
            <Button variant="outlined" startIcon={<MailIcon />} disabled={!students.data?.length} onClick={() => setComposing(true)}>
              Email All
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {emailed && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {emailed}
        </Alert>
      )}
      <ComposeEmailDialog
        open={composing}
        title={`Email All: ${record.title}`}
        recipients={students.data ?? []}
        onClose={() => setComposing(false)}
        onDone={(message) => {
          setComposing(false);
          setEmailed(message);
        }}
      />
      <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
        {record.description}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 2 }}>
        <LabelledValue label="Instructor">{record.instructor}</LabelledValue>
        <LabelledValue label="Location">{record.location || 'TBA'}</LabelledValue>
        <LabelledValue label="Start date">{formatDate(record.startDate, 'long', zone)}</LabelledValue>
        <LabelledValue label="Time">{formatTimeRange(record.startDate, record.duration, zone)}</LabelledValue>
        <LabelledValue label="Schedule">{scheduleText(record.days, record.schedule)}</LabelledValue>
        <LabelledValue label="Duration">{formatDuration(record.duration)}</LabelledValue>
        <LabelledValue label="Price">{Number(record.price) > 0 ? formatMoney(record.price) : 'Free'}</LabelledValue>
        {hasDiscount(record.price, record.discountPrice) && (
          <LabelledValue label="Discount price">{formatMoney(record.discountPrice)}</LabelledValue>
        )}
        <LabelledValue label="Max students">{record.maxStudents}</LabelledValue>
        {/* The class's own registration times, when it has them (else its term's, shown in Settings › Terms). */}
        {record.registrationOpensAt && (
          <LabelledValue label="Registration opens">{formatDateTime(record.registrationOpensAt, zone)}</LabelledValue>
        )}
        {record.registrationClosesAt && (
          <LabelledValue label="Registration closes">{formatDateTime(record.registrationClosesAt, zone)}</LabelledValue>
        )}
      </Box>
      <Box mt={2}>
        <EnrollmentBar enrolled={record.enrolledStudents ?? 0} max={record.maxStudents ?? 0} />
      </Box>
      <GoNoGoStatus record={record} />
      {/* The session records with their actions once the zone is known; the dates alone until then. */}
      {zone ? (
        <ClassSessionsSection record={record} zone={zone} />
      ) : (
        sessions.length > 0 && (
          <Box mt={2}>
            <Typography variant="subtitle2">Session dates</Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {sessions.map((d, i) => (
                <li key={i}>
                  <Typography variant="body2">{formatDate(d.toISOString(), 'long', zone)}</Typography>
                </li>
              ))}
            </Box>
          </Box>
        )
      )}
      {record.information && (
        <Box mt={2}>
          <Typography variant="subtitle2">Class information</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {record.information}
          </Typography>
        </Box>
      )}
      {record.materials?.length > 0 && (
        <Box mt={2}>
          <Typography variant="subtitle2">Materials to bring</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {record.materials.map((m, i) => (
              <li key={i}>
                <Typography variant="body2">{m}</Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap mb={1}>
        <Typography variant="subtitle2">Enrolled students ({students.data?.length ?? record.enrolledStudents ?? 0})</Typography>
        {students.data?.length ? (
          <CsvDownloadButton
            label="Roster CSV"
            accessibleLabel={`Download the roster of ${record.title} as CSV`}
            fetchFile={() => dp.downloadRosterCsv(record.id)}
          />
        ) : null}
      </Stack>
      {students.isPending ? (
        <Skeleton />
      ) : students.error ? (
        <Alert severity="error">Failed to load students</Alert>
      ) : !students.data?.length ? (
        <Typography variant="body2" color="text.secondary">
          No students enrolled yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {students.data.map((s) => {
            const enrollment = s.classEnrollments?.find((e) => e.classId === record.id) ?? s.classEnrollments?.[0];
            return (
              // Room for the payment chip: a household contact line is long and must not run under it.
              <ListItem key={s.id} disableGutters sx={{ pr: 14 }} secondaryAction={<PaymentChip enrollment={enrollment} />}>
                <RosterItemText student={s} />
              </ListItem>
            );
          })}
        </List>
      )}
      <WaitlistSection record={record} />
    </Paper>
  );
}
