import { Box } from '@mui/material';
import { StatTile } from '@/common/StatTile';
import type { TeacherClass } from '@/providers/types';

/** Quick Overview: total classes, total students, today's classes. */
export function QuickOverview({ all, today }: { all?: TeacherClass[]; today?: TeacherClass[] }) {
  const students = all?.reduce((sum, c) => sum + (c.enrolledStudents ?? 0), 0);
  return (
    <Box component="section" aria-label="Quick Overview" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
      <StatTile label="Total classes" value={all?.length ?? '—'} />
      <StatTile label="Total students" value={students ?? '—'} accent="secondary.main" />
      <StatTile label="Today's classes" value={today?.length ?? '—'} accent="success.main" />
    </Box>
  );
}
