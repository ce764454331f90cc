import { Box } from '@mui/material';
import { StatTile } from '@/common/StatTile';
import type { TeacherOverview } from '@/providers/types';

/**
 * Quick Overview: total classes, total students, today's classes. The figures come from the server
 * (GET /api/teacher/overview): summing each class's enrolled count would count a student in two
 * classes twice, and a class list is capped by its page size.
 */
export function QuickOverview({ overview }: { overview?: TeacherOverview }) {
  return (
    <Box component="section" aria-label="Quick Overview" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
      <StatTile label="Total classes" value={overview?.totalClasses ?? '—'} />
      <StatTile label="Total students" value={overview?.totalStudents ?? '—'} accent="secondary.main" />
      <StatTile label="Today's classes" value={overview?.todaysClasses ?? '—'} accent="success.main" />
    </Box>
  );
}
