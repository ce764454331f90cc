import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { RosterItemText } from '@/resources/students/RosterItemText';
import PaymentsIcon from '@mui/icons-material/Payments';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { StatTile } from '@/common/StatTile';
import { formatMoney } from '@/common/format';
import type { ClassRecord, Student } from '@/providers/types';

export function OverviewTab({
  cls,
  students,
  paid,
  unpaid,
  onNavigate,
}: {
  cls: ClassRecord;
  students: Student[];
  paid: Student[];
  unpaid: Student[];
  onNavigate: (tab: 'payments' | 'attendance') => void;
}) {
  const revenue = paid.reduce((sum, s) => sum + Number(s.classEnrollments?.find((e) => e.classId === cls.id)?.amountPaid ?? 0), 0);
  const paidIds = new Set(paid.map((s) => s.id));
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        <StatTile label="Total students" value={students.length} />
        <StatTile label="Paid" value={paid.length} accent="success.main" />
        <StatTile label="Unpaid" value={unpaid.length} accent="warning.main" />
        <StatTile label="Total revenue" value={formatMoney(revenue)} accent="secondary.main" />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Quick actions
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" startIcon={<PaymentsIcon />} onClick={() => onNavigate('payments')}>
            Manage Payments
          </Button>
          <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={() => onNavigate('attendance')}>
            Track Attendance
          </Button>
          <Button variant="outlined" startIcon={<AssessmentIcon />} component={RouterLink} to={`/teacher/reports/${cls.id}`}>
            View Reports
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          Students
        </Typography>
        {students.length === 0 ? (
          <Typography color="text.secondary" mt={1}>
            No students enrolled yet.
          </Typography>
        ) : (
          <List dense>
            {students.map((s) => (
              <ListItem
                key={s.id}
                disableGutters
                sx={{ pr: 10 }}
                secondaryAction={
                  <Chip size="small" label={paidIds.has(s.id) ? 'Paid' : 'Unpaid'} color={paidIds.has(s.id) ? 'success' : 'warning'} />
                }
              >
                <RosterItemText student={s} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
